import { resourceByName } from '@nns/shared/registry';
import { describe, expect, it } from 'vitest';
import { resourceRoutes } from './index';

describe('resourceRoutes', () => {
  it('gives list, create and edit with the permission each needs, lazily loaded', () => {
    const rs = resourceRoutes(resourceByName['product-units']);
    expect(rs.map((r) => [r.path, r.handle])).toEqual([
      ['/admin/system/product-units', { action: 'list', subject: 'product_units', title: 'Đơn vị tính' }],
      ['/admin/system/product-units/create', { action: 'create', subject: 'product_units', title: 'Thêm đơn vị tính' }],
      ['/admin/system/product-units/:id/edit', { action: 'update', subject: 'product_units', title: 'Cập nhật đơn vị tính' }],
    ]);
    for (const r of rs) expect(typeof r.lazy).toBe('function');
  });

  it('adds the detail screen when the declaration asks for one', () => {
    const rs = resourceRoutes(resourceByName.products);
    expect(rs.at(-1)).toMatchObject({ path: '/admin/products/:id/detail', handle: { action: 'read', subject: 'products', title: 'Chi tiết sản phẩm' } });
  });

  it('leaves out the screens a module writes by hand', () => {
    const roles = resourceByName.roles;
    const paths = resourceRoutes({ ...roles, config: { ...roles.config, custom: { create: true, update: true, read: true } } }).map((r) => r.path);
    expect(paths).toEqual(['/admin/roles']);
  });
});
