import { ALL_PERMISSIONS, type Permission } from '@nns/shared';
import adminDef from '@nns/shared/resources/administrative';
import rolesDef from '@nns/shared/resources/roles';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { hashPassword } from '../../core/passwords';
import { exec } from '../../core/resource-store';
import { resource } from '../../core/runtime';
import type { Db } from '../../db/client';
import { writeRolePermissions } from './access';

const PRODUCER_SUBJECTS = [
  'manufactures',
  'products',
  'material_areas',
  'raw_material_areas',
  'distributors',
  'labors',
  'processes',
  'stages',
  'manufacturing_batches',
  'diaries',
  'traces',
  'stamps',
];
const WARD_SUBJECTS = [
  ...PRODUCER_SUBJECTS,
  'users',
  'administrative',
  'apps',
  'monitorings',
  'discharge_construct',
  'discharge_traffic',
  'discharge_inventory',
  'notifications',
  'seasonal-calendar',
];
/** the portal's settings an editor keeps current (issue 17): menus, banners and logo, footer, contact, partner sites, season calendars */
const SITE_SUBJECTS = ['menus', 'config_image', 'config_footer', 'contact', 'websites', 'seasonal-calendar'];
const only = (subjects: string[], actions: string[]) => ALL_PERMISSIONS.filter((p) => subjects.includes(p.subject) && actions.includes(p.action));
/** reference lists the forms pick from (wards, catalog): seen and read, never changed */
const LOOKUPS = only(
  ['administrative_areas', 'product_groups', 'product_units', 'farming_forms', 'manufacturing_forms', 'manufacturing_sectors', 'product_plants'],
  ['list', 'read'],
);

const ROLES: { name: string; description: string; price: number; status: string; perms: Permission[] }[] = [
  {
    name: 'Cán bộ phường',
    description: 'Cán bộ nông nghiệp cấp phường/xã: quản lý dữ liệu sản xuất và tài khoản trong phường',
    price: 0,
    status: 'approved',
    // approves what the producers of the ward submit (products, distributors, labors, apps: the 'Chờ duyệt' queue);
    // roles: read only, to give the accounts they create a role (never one stronger than their own)
    perms: [...only(WARD_SUBJECTS, ['list', 'read', 'create', 'update', 'menu', 'export', 'approve']), ...only(['roles'], ['list', 'read']), ...LOOKUPS],
  },
  {
    name: 'Cán bộ tỉnh',
    description: 'Cán bộ nông nghiệp cấp tỉnh/thành phố: theo dõi dữ liệu sản xuất của các phường/xã trong tỉnh',
    price: 0,
    status: 'approved',
    perms: [...only(WARD_SUBJECTS, ['list', 'read', 'create', 'update', 'menu', 'export']), ...only(['roles'], ['list', 'read']), ...LOOKUPS],
  },
  {
    name: 'Doanh nghiệp sản xuất',
    description: 'Gói dịch vụ cho doanh nghiệp: sản phẩm, vùng nguyên liệu, nhật ký và tem truy xuất',
    price: 2_500_000,
    status: 'approved',
    perms: [...only(PRODUCER_SUBJECTS, ['list', 'read', 'create', 'update', 'delete', 'menu', 'export']), ...LOOKUPS],
  },
  {
    name: 'Hộ sản xuất',
    description: 'Gói cơ bản cho hộ gia đình và tổ hợp tác',
    price: 500_000,
    status: 'pending',
    perms: [...only(['products', 'diaries', 'traces'], ['list', 'read', 'create', 'update', 'menu']), ...LOOKUPS],
  },
  {
    name: 'Biên tập viên',
    description: 'Biên tập nội dung website',
    price: 0,
    status: 'approved',
    // writes and submits articles, keeps the media library and the site settings; approving and publishing (approve:articles) stay with the administrator
    perms: [
      ...only(['articles', 'article_types', 'categories', 'tags', 'videos', 'libraries', 'notifications'], ['list', 'read', 'create', 'update', 'menu']),
      ...only(SITE_SUBJECTS, ['list', 'read', 'create', 'update', 'menu']),
      // season calendars name a crop and a ward or region: the pickers read them
      ...only(['product_plants', 'administrative_areas'], ['list', 'read']),
    ],
  },
];

/** The kinds of scope (docs/accounts.md): ward officers, producers' accounts tied to their producer (by its code), a province officer, an editor who sees all. */
const USERS: {
  username: string;
  full_name: string;
  email: string;
  phone: string;
  role: string;
  scope: 'all' | 'province' | 'ward' | 'producer';
  ward: number | null;
  /** the code of the demo producer a producer's account works for */
  producer?: string;
}[] = [
  {
    username: 'canbo.phuong',
    full_name: 'Nguyễn Thị Lan',
    email: 'lan.nguyen@phuong.gov.vn',
    phone: '0912345678',
    role: 'Cán bộ phường',
    scope: 'ward',
    ward: 0,
  },
  { username: 'tran.minh', full_name: 'Trần Văn Minh', email: 'minh.tran@phuong.gov.vn', phone: '0987654321', role: 'Cán bộ phường', scope: 'ward', ward: 1 },
  {
    username: 'canbo.tinh',
    full_name: 'Ngô Thanh Bình',
    email: 'binh.ngo@sonnptnt.gov.vn',
    phone: '0915666777',
    role: 'Cán bộ tỉnh',
    scope: 'province',
    ward: 0,
  },
  {
    username: 'htx.caphe',
    full_name: 'Lê Hoàng Phúc',
    email: 'phuc.le@htxcaphe.vn',
    phone: '0905111222',
    role: 'Doanh nghiệp sản xuất',
    scope: 'producer',
    ward: 0,
    producer: 'CSSX-LDG-001',
  },
  {
    username: 'pham.thu',
    full_name: 'Phạm Thị Thu',
    email: 'thu.pham@nongsan.vn',
    phone: '0333444555',
    role: 'Hộ sản xuất',
    scope: 'producer',
    ward: 1,
    producer: 'CSSX-LDG-003',
  },
  { username: 'bientap', full_name: 'Đỗ Quang Huy', email: 'huy.do@nongnghiepso.vn', phone: '0868777999', role: 'Biên tập viên', scope: 'all', ward: null },
];

const ADMIN_ROLES = [
  { name: 'Chủ tịch UBND', description: 'Lãnh đạo Ủy ban nhân dân phường/xã' },
  { name: 'Công chức địa chính – nông nghiệp', description: 'Theo dõi đất đai, sản xuất nông nghiệp' },
  { name: 'Cán bộ khuyến nông', description: 'Hướng dẫn kỹ thuật canh tác' },
];
const ADMINS = [
  { username: 'ubnd.chutich', full_name: 'Võ Văn Tùng', position: 'Chủ tịch UBND phường', phone: '0914222333', role: 0, ward: 0 },
  { username: 'diachinh.hoa', full_name: 'Bùi Thị Hoa', position: 'Công chức địa chính – nông nghiệp', phone: '0976555444', role: 1, ward: 0 },
  { username: 'khuyennong.nam', full_name: 'Huỳnh Văn Nam', position: 'Cán bộ khuyến nông', phone: '0393888777', role: 2, ward: 1 },
];

/** The password of every demo account (users and administrative accounts). */
export const DEMO_PASSWORD = 'NongNghiep@2026';

const SCOPE_TEXT = { all: 'toàn hệ thống', province: 'tỉnh', ward: 'phường', producer: 'cơ sở sản xuất' } as const;

/**
 * The demo users this database holds, for the console block printed at start: username, role and
 * what they see (their ward or province by name). Empty when the demo was never seeded.
 */
export async function demoAccounts(db: Db): Promise<{ username: string; role: string; scope: string }[]> {
  const names = USERS.map((u) => u.username);
  const rows = await exec<{
    username: string;
    role: string | null;
    scope: keyof typeof SCOPE_TEXT;
    ward: string | null;
    province: string | null;
    producer: string | null;
  }>(
    db,
    sql`select u.username, r.name as role, u.scope, w.name as ward, p.name as province, m.name as producer
    from users u left join roles r on r.id = u.role_id left join wards w on w.id = u.ward_id left join provinces p on p.id = u.province_id
      left join manufactures m on m.id = u.manufacture_id
    where u.username in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  ).catch(() => []);
  const order = new Map(names.map((n, i) => [n, i]));
  return rows
    .sort((a, b) => (order.get(a.username) ?? 0) - (order.get(b.username) ?? 0))
    .map((r) => ({
      username: r.username,
      role: r.role ?? '—',
      scope:
        r.scope === 'ward' && r.ward
          ? r.ward
          : r.scope === 'province' && r.province
            ? r.province
            : r.scope === 'producer' && r.producer
              ? r.producer
              : (SCOPE_TEXT[r.scope] ?? r.scope),
    }));
}

/** The demo accounts, one a line: username, role, what it sees; then their common password. */
export function demoBlock(accounts: { username: string; role: string; scope: string }[]): string {
  const w = Math.max(...accounts.map((a) => a.username.length));
  const r = Math.max(...accounts.map((a) => a.role.length));
  const lines = accounts.map((a) => `    ${a.username.padEnd(w)}  ${a.role.padEnd(r)}  ${a.scope}`);
  return ['  Tài khoản demo (tên đăng nhập · vai trò · phạm vi):', ...lines, `  Mật khẩu của các tài khoản demo: ${DEMO_PASSWORD} (nếu chưa đổi)\n`].join('\n');
}

async function upsertRole(db: Db, r: (typeof ROLES)[number]) {
  const [found] = await exec<{ id: number }>(db, sql`select id from roles where name = ${r.name}`);
  if (found) return found.id;
  const id = await resource(rolesDef.name).seed(db, { name: r.name, description: r.description, price: r.price, status: r.status });
  await writeRolePermissions(db, id, r.perms);
  return id;
}

/** Demo accounts in Vietnamese, in the demo's wards and producers; skips what exists. */
export default defineModule({
  name: 'accounts-demo',
  after: ['areas', 'producers'],
  async banner(services) {
    const demo = await demoAccounts(services.db);
    return demo.length ? demoBlock(demo) : undefined;
  },
  async seedDemo(services) {
    const db = services.db;
    // two wards of Đà Lạt, Lâm Đồng, where the demo producers are: Xuân Hương (24781) and Lâm Viên (24778)
    const wards = await exec<{ id: number; province_id: number | null }>(
      db,
      sql`select id, province_id from wards where code in ('24781', '24778') order by code desc`,
    ).catch(() => []);
    const wardOf = (i: number | null) => (i === null ? null : (wards[i] ?? wards[0] ?? null));
    const roleIds = new Map<string, number>();
    for (const r of ROLES) roleIds.set(r.name, await upsertRole(db, r));
    const hash = await hashPassword(DEMO_PASSWORD);
    for (const u of USERS) {
      // a producer's account holds its producer and the producer's ward; without the demo producers, the ward's scope
      const [producer] = u.producer
        ? await exec<{ id: number; ward_id: number | null; province_id: number | null }>(
            db,
            sql`select m.id, m.ward_id, w.province_id from manufactures m left join wards w on w.id = m.ward_id where m.code = ${u.producer}`,
          )
        : [];
      const ward = producer ? { id: producer.ward_id, province_id: producer.province_id } : wardOf(u.ward);
      // a province officer holds the province of the demo's first ward and no ward; without wards, the account sees all
      const scope = producer ? 'producer' : ward ? (u.scope === 'producer' ? 'ward' : u.scope) : 'all';
      // an account already there under the name or the e-mail is left as it is
      if ((await exec(db, sql`select 1 from users where username = ${u.username} or lower(email) = lower(${u.email ?? ''})`)).length) continue;
      // the hash is stored as it is: a seed runs no write path
      await resource(usersDef.name).seed(db, {
        username: u.username,
        password: hash,
        full_name: u.full_name,
        email: u.email,
        phone: u.phone,
        role_id: roleIds.get(u.role),
        scope,
        province_id: scope === 'all' ? null : (ward?.province_id ?? null),
        ward_id: scope === 'ward' || scope === 'producer' ? (ward?.id ?? null) : null,
        manufacture_id: producer?.id ?? null,
        status: 'active',
        is_highlight: false,
        must_change_password: false,
      });
    }
    const adminRoleIds: number[] = [];
    for (const r of ADMIN_ROLES) {
      const [found] = await exec<{ id: number }>(db, sql`select id from roles_administrative where name = ${r.name}`);
      adminRoleIds.push(found?.id ?? (await resource('roles-administrative').seed(db, { name: r.name, description: r.description, status: 'active' })));
    }
    for (const a of ADMINS) {
      if ((await exec(db, sql`select 1 from administrative where username = ${a.username}`)).length) continue;
      await resource(adminDef.name).seed(db, {
        username: a.username,
        password: hash,
        full_name: a.full_name,
        phone: a.phone,
        position: a.position,
        role_id: adminRoleIds[a.role],
        ward_id: wardOf(a.ward)?.id ?? null,
        status: 'active',
        is_highlight: false,
      });
    }
    services.log.debug('accounts demo: roles, users and administrative accounts');
  },
});
