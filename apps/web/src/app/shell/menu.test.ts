import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './breadcrumbs';
import { buildMenu, buildTopEntries, type MenuSource, selectedKey } from './menu';

const sources: MenuSource[] = [
  { route: '/admin/system/product-units', label: 'Đơn vị tính', area: 'catalog', subject: 'product_units' },
  { route: '/admin/system/farming-forms', label: 'Hình thức canh tác', area: 'catalog', subject: 'farming_forms' },
  { route: '/admin/users', label: 'Người dùng', area: 'accounts', subject: 'users' },
  { route: '/admin/system/logs', label: 'Nhật ký hệ thống', area: 'system', subject: 'system_logs' },
];
const canWith =
  (...ps: string[]) =>
  (a: string, s: string) =>
    ps.includes(`${a}:${s}`);

describe('menu', () => {
  it('shows only subjects with menu or list permission, grouped by area in spec order', () => {
    const m = buildMenu(sources, canWith('menu:product_units', 'list:users', 'create:farming_forms'));
    expect(m.map((g) => g.label)).toEqual(['Tài khoản và phân quyền', 'Danh mục hệ thống']);
    expect(m[1].children.map((c) => c.key)).toEqual(['/admin/system/product-units']);
  });
  it('is empty without permissions', () => {
    expect(buildMenu(sources, () => false)).toEqual([]);
  });
  it("shows a top entry of 'authenticated' access to every signed-in user, outside the groups", () => {
    const all: MenuSource[] = [
      ...sources,
      { route: '/admin/jobs', label: 'Tác vụ', area: 'top', access: 'authenticated', icon: 'downloads' },
      { route: '/admin/nothing', label: 'Không ai thấy', area: 'top' },
    ];
    expect(buildTopEntries(all, () => false)).toEqual([{ key: '/admin/jobs', label: 'Tác vụ', icon: 'downloads' }]);
    expect(buildMenu(all, () => true).flatMap((g) => g.children.map((c) => c.key))).not.toContain('/admin/jobs');
    const top = buildTopEntries(all, () => false);
    expect(selectedKey([], '/admin/jobs', top)).toEqual({ key: '/admin/jobs' });
    expect(buildCrumbs('/admin/jobs', [{ handle: { title: 'Tác vụ' } }], all).map((x) => x.title)).toEqual(['Trang chủ', 'Tác vụ']);
  });
  it('selects the longest matching entry', () => {
    const m = buildMenu(sources, () => true);
    expect(selectedKey(m, '/admin/system/product-units/5/edit')).toEqual({ key: '/admin/system/product-units', group: 'area:catalog' });
    expect(selectedKey(m, '/admin/home')).toEqual({});
  });
});

describe('breadcrumbs', () => {
  it('home › area › list › screen', () => {
    const c = buildCrumbs('/admin/system/product-units/3/edit', [{ handle: { title: 'Cập nhật đơn vị tính' } }], sources);
    expect(c.map((x) => x.title)).toEqual(['Trang chủ', 'Danh mục hệ thống', 'Đơn vị tính', 'Cập nhật đơn vị tính']);
    expect(c[2].href).toBe('/admin/system/product-units');
  });
  it('a hand-written screen uses its handle title', () => {
    expect(buildCrumbs('/admin/profile', [{ handle: { title: 'Thông tin tài khoản' } }], sources).map((x) => x.title)).toEqual([
      'Trang chủ',
      'Thông tin tài khoản',
    ]);
  });
});

describe('the browser tab title', () => {
  it('names the deepest screen that declares a title, then the app', async () => {
    const { documentTitle } = await import('../root-layout');
    expect(documentTitle([{ handle: undefined }, { handle: { title: 'Sản phẩm' } }, { handle: { title: 'Thêm sản phẩm' } }])).toBe(
      'Thêm sản phẩm · Nông nghiệp số',
    );
    expect(documentTitle([{ handle: { title: 'Sản phẩm' } }, { handle: { action: 'list' } }])).toBe('Sản phẩm · Nông nghiệp số');
    expect(documentTitle([])).toBe('Nông nghiệp số – Trang quản trị');
  });
});
