import { z } from 'zod';
import { enumOptions } from './fields';
import { optionalText } from './zod-text';

/** Where a menu sits on the public portal. */
export const MENU_POSITIONS = enumOptions([
  { value: 'header', label: 'Menu đầu trang', color: 'blue' },
  { value: 'footer', label: 'Menu chân trang', color: 'purple' },
]);

/** What a menu item opens: an address, an article or a category (the last two by id, no foreign key). */
export const MENU_LINK_KINDS = enumOptions([
  { value: 'url', label: 'Đường dẫn' },
  { value: 'article', label: 'Bài viết' },
  { value: 'category', label: 'Chuyên mục' },
]);

/** Nesting of a menu: an item, its children and grandchildren (a dropdown with one flyout). */
export const MENU_MAX_DEPTH = 3;
export const MENU_MAX_ITEMS = 200;

const URL_RE = /^(https?:\/\/|\/)[^\s]*$/;

export interface MenuItem {
  key: string;
  title: string;
  kind: 'url' | 'article' | 'category';
  url?: string | null;
  ref_id?: number | null;
  new_tab?: boolean;
  children?: MenuItem[];
}

const itemBase = z.object({
  key: z.string().trim().min(1).max(40),
  title: z.string({ error: 'Tên mục menu bắt buộc' }).trim().min(1, 'Tên mục menu bắt buộc').max(120, 'Tên mục menu tối đa 120 ký tự'),
  kind: z.enum(['url', 'article', 'category'], { error: 'Loại liên kết không hợp lệ' }),
  url: optionalText('Đường dẫn', 500).refine((v) => !v || URL_RE.test(v), 'Đường dẫn phải bắt đầu bằng http://, https:// hoặc /'),
  ref_id: z.number({ error: 'Mã bài viết/chuyên mục không hợp lệ' }).int().positive().max(2147483647).nullable().optional(),
  new_tab: z.boolean().optional(),
});

const MENU_ITEM: z.ZodType<MenuItem> = z.lazy(() =>
  itemBase
    .extend({ children: z.array(MENU_ITEM).max(MENU_MAX_ITEMS).optional() })
    .strict()
    .superRefine((item, ctx) => {
      if (item.kind === 'url' && !item.url) ctx.addIssue({ code: 'custom', path: ['url'], message: `Mục '${item.title}': đường dẫn bắt buộc` });
      if (item.kind !== 'url' && !item.ref_id)
        ctx.addIssue({
          code: 'custom',
          path: ['ref_id'],
          message: `Mục '${item.title}': chọn ${item.kind === 'article' ? 'bài viết' : 'chuyên mục'} cần liên kết`,
        });
    }),
);

const depthOf = (items: MenuItem[]): number => items.reduce((d, i) => Math.max(d, 1 + depthOf(i.children ?? [])), 0);
const countOf = (items: MenuItem[]): number => items.reduce((n, i) => n + 1 + countOf(i.children ?? []), 0);
const keysOf = (items: MenuItem[]): string[] => items.flatMap((i) => [i.key, ...keysOf(i.children ?? [])]);

/** A menu's tree: at most MENU_MAX_DEPTH levels, MENU_MAX_ITEMS items, each key once. */
export const MENU_ITEMS = z.array(MENU_ITEM, { error: 'Danh sách mục menu không hợp lệ' }).superRefine((items, ctx) => {
  if (depthOf(items) > MENU_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: `Menu lồng tối đa ${MENU_MAX_DEPTH} cấp` });
  if (countOf(items) > MENU_MAX_ITEMS) ctx.addIssue({ code: 'custom', message: `Menu tối đa ${MENU_MAX_ITEMS} mục` });
  const keys = keysOf(items);
  if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', message: 'Mỗi mục menu phải có khóa riêng' });
});

/** The three banner slots of spec §7 `configs/…`, with the path segment of each. */
export const BANNER_POSITIONS = enumOptions([
  { value: 'main', label: 'Banner chính', color: 'blue' },
  { value: 'second', label: 'Banner phụ', color: 'cyan' },
  { value: 'header', label: 'Ảnh đầu trang', color: 'purple' },
]);
export const BANNER_SLOTS = [
  { position: 'main', config: 'main-banner-images', screen: 'main-banner', label: 'Banner chính' },
  { position: 'second', config: 'second-banner-images', screen: 'second-banner', label: 'Banner phụ' },
  { position: 'header', config: 'images-header', screen: 'header-banner', label: 'Ảnh đầu trang' },
] as const;

/** Whether a banner shows at `now`: switched on and inside its active period (either end may be open). */
export function bannerState(b: { status?: unknown; active_from?: unknown; active_to?: unknown }, now = Date.now()): 'off' | 'upcoming' | 'active' | 'expired' {
  if (b.status !== 1) return 'off';
  if (b.active_from && Date.parse(String(b.active_from)) > now) return 'upcoming';
  if (b.active_to && Date.parse(String(b.active_to)) < now) return 'expired';
  return 'active';
}
export const BANNER_STATES: Record<ReturnType<typeof bannerState>, { label: string; color: string }> = {
  off: { label: 'Đang tắt', color: 'default' },
  upcoming: { label: 'Chưa đến thời gian hiển thị', color: 'gold' },
  active: { label: 'Đang hiển thị', color: 'green' },
  expired: { label: 'Hết thời gian hiển thị', color: 'red' },
};

/** Vụ mùa of Vietnamese rice and field crops. */
export const SEASONS = enumOptions([
  { value: 'dong_xuan', label: 'Đông Xuân', color: 'blue' },
  { value: 'he_thu', label: 'Hè Thu', color: 'gold' },
  { value: 'thu_dong', label: 'Thu Đông', color: 'orange' },
  { value: 'vu_mua', label: 'Vụ Mùa', color: 'green' },
]);
