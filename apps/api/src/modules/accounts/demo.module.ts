import { ALL_PERMISSIONS, type Permission } from '@nns/shared';
import adminDef from '@nns/shared/resources/administrative';
import rolesDef from '@nns/shared/resources/roles';
import usersDef from '@nns/shared/resources/users';
import { sql } from 'drizzle-orm';
import { defineModule } from '../../core/module';
import { hashPassword } from '../../core/passwords';
import { searchTextOf } from '../../core/resource-query';
import { exec } from '../../core/resource-store';
import type { Db } from '../../db/client';
import { writeRolePermissions } from './access';

const PRODUCER_SUBJECTS = [
  'manufactures',
  'products',
  'material_areas',
  'distributors',
  'labors',
  'processes',
  'stages',
  'manufacturing_batches',
  'diaries',
  'traces',
  'stamps',
];
const WARD_SUBJECTS = [...PRODUCER_SUBJECTS, 'users', 'administrative', 'apps', 'monitorings', 'discharge_construct', 'notifications'];
const only = (subjects: string[], actions: string[]) => ALL_PERMISSIONS.filter((p) => subjects.includes(p.subject) && actions.includes(p.action));
/** reference lists the forms pick from (wards, catalog): seen and read, never changed */
const LOOKUPS = only(
  ['administrative_areas', 'product_groups', 'product_units', 'farming_forms', 'manufacturing_forms', 'manufacturing_sectors'],
  ['list', 'read'],
);

const ROLES: { name: string; description: string; price: number; status: string; perms: Permission[] }[] = [
  {
    name: 'Cán bộ phường',
    description: 'Cán bộ nông nghiệp cấp phường/xã: quản lý dữ liệu sản xuất và tài khoản trong phường',
    price: 0,
    status: 'approved',
    // roles: read only, to give the accounts they create a role (never one stronger than their own)
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
    perms: only(['articles', 'article_types', 'categories', 'tags', 'videos', 'libraries', 'notifications'], ['list', 'read', 'create', 'update', 'menu']),
  },
];

const USERS = [
  { username: 'canbo.phuong', full_name: 'Nguyễn Thị Lan', email: 'lan.nguyen@phuong.gov.vn', phone: '0912345678', role: 'Cán bộ phường', ward: 0 },
  { username: 'tran.minh', full_name: 'Trần Văn Minh', email: 'minh.tran@phuong.gov.vn', phone: '0987654321', role: 'Cán bộ phường', ward: 1 },
  { username: 'htx.caphe', full_name: 'Lê Hoàng Phúc', email: 'phuc.le@htxcaphe.vn', phone: '0905111222', role: 'Doanh nghiệp sản xuất', ward: 0 },
  { username: 'pham.thu', full_name: 'Phạm Thị Thu', email: 'thu.pham@nongsan.vn', phone: '0333444555', role: 'Hộ sản xuất', ward: 1 },
  { username: 'bientap', full_name: 'Đỗ Quang Huy', email: 'huy.do@nongnghiepso.vn', phone: '0868777999', role: 'Biên tập viên', ward: null },
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

async function upsertRole(db: Db, r: (typeof ROLES)[number]) {
  const [found] = await exec<{ id: number }>(db, sql`select id from roles where name = ${r.name}`);
  if (found) return found.id;
  const [row] = await exec<{ id: number }>(
    db,
    sql`insert into roles (name, description, price, status, search_text)
    values (${r.name}, ${r.description}, ${r.price}, ${r.status}, ${searchTextOf(rolesDef, r)}) returning id`,
  );
  await writeRolePermissions(db, row.id, r.perms);
  return row.id;
}

/** Demo accounts in Vietnamese; named to run after the administrative areas' demo (wards), and skips what exists. */
export default defineModule({
  name: 'z-accounts-demo',
  async seedDemo(services) {
    const db = services.db;
    // two wards of Đà Lạt, Lâm Đồng, where the demo producers are: Xuân Hương (24781) and Lâm Viên (24778)
    const wards = await exec<{ id: number }>(db, sql`select id from wards where code in ('24781', '24778') order by code desc`).catch(() => []);
    const wardId = (i: number | null) => (i === null ? null : (wards[i]?.id ?? wards[0]?.id ?? null));
    const roleIds = new Map<string, number>();
    for (const r of ROLES) roleIds.set(r.name, await upsertRole(db, r));
    const hash = await hashPassword('NongNghiep@2026');
    for (const u of USERS) {
      const row = { ...u, role_id: roleIds.get(u.role), ward_id: wardId(u.ward) };
      await exec(
        db,
        sql`insert into users (username, password, full_name, email, phone, role_id, ward_id, status, is_highlight, must_change_password, search_text)
        values (${u.username}, ${hash}, ${u.full_name}, ${u.email}, ${u.phone}, ${row.role_id}, ${row.ward_id}, 'active', false, false, ${searchTextOf(usersDef, row)})
        on conflict do nothing`,
      );
    }
    const adminRoleIds: number[] = [];
    for (const r of ADMIN_ROLES) {
      const [found] = await exec<{ id: number }>(db, sql`select id from roles_administrative where name = ${r.name}`);
      adminRoleIds.push(
        found?.id ??
          (
            await exec<{ id: number }>(
              db,
              sql`insert into roles_administrative (name, description, status, search_text)
        values (${r.name}, ${r.description}, 'active', ${searchTextOf(rolesDef, r)}) returning id`,
            )
          )[0].id,
      );
    }
    for (const a of ADMINS) {
      await exec(
        db,
        sql`insert into administrative (username, password, full_name, phone, position, role_id, ward_id, status, is_highlight, search_text)
        values (${a.username}, ${hash}, ${a.full_name}, ${a.phone}, ${a.position}, ${adminRoleIds[a.role]}, ${wardId(a.ward)}, 'active', false, ${searchTextOf(adminDef, a)})
        on conflict do nothing`,
      );
    }
    services.log.info('accounts demo: roles, users and administrative accounts (password NongNghiep@2026)');
  },
});
