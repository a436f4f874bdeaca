import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { bool, date, enumField, enumOptions, type GeoPolygon, images, integer, json, money, password, polygon, ref, refs, text } from './fields';
import type { RowOfName } from './registry';
import { type CreateInputOf, defineResource, type FilterOf, type ResourceDef, type RowOf, type StoredRowOf, type UpdateInputOf } from './resource';
import type products from './resources/products';
import type users from './resources/users';

// Type-level checks: `npm run typecheck` (tsc over packages/shared/src) fails when a declaration stops giving its types.
const STATUS = enumOptions([
  { value: 'draft', label: 'Nháp' },
  { value: 'done', label: 'Xong' },
]);
const widgets = defineResource({
  name: 'widgets',
  subject: 'products',
  label: 'Thử',
  area: 'producers',
  softDelete: true,
  fields: {
    name: text({ label: 'Tên', required: true, search: true }),
    note: text({ label: 'Ghi chú' }),
    secret: password({ label: 'Mật khẩu', required: true }),
    status: enumField(STATUS, { label: 'Trạng thái', required: true, default: 'draft', filter: true }),
    level: enumField(
      [
        { value: 1, label: 'Một' },
        { value: 2, label: 'Hai' },
      ],
      { label: 'Mức' },
    ),
    tag_ids: refs('tags', { label: 'Nhãn' }),
    owner_id: ref('users', { label: 'Chủ', filter: true }),
    weight: integer({ label: 'Khối lượng', filter: true }),
    price: money({ label: 'Giá' }),
    born_on: date({ label: 'Ngày', filter: true }),
    shown: bool({ label: 'Hiện', filter: true }),
    photos: images({ label: 'Ảnh' }),
    area: polygon({ label: 'Vùng' }),
    meta: json(z.object({ a: z.number() }), { label: 'Thêm' }),
    slug: text({ label: 'Slug', readOnly: true }),
  },
});
type W = typeof widgets;

describe('typed rows', () => {
  it('a row holds each field with its value type, null unless required', () => {
    expectTypeOf<RowOf<W>['name']>().toEqualTypeOf<string>();
    expectTypeOf<RowOf<W>['note']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<W>['status']>().toEqualTypeOf<'draft' | 'done'>();
    expectTypeOf<RowOf<W>['level']>().toEqualTypeOf<1 | 2 | null>();
    expectTypeOf<RowOf<W>['tag_ids']>().toEqualTypeOf<number[] | null>();
    expectTypeOf<RowOf<W>['owner_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<RowOf<W>['price']>().toEqualTypeOf<number | null>();
    expectTypeOf<RowOf<W>['born_on']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<W>['shown']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<RowOf<W>['photos']>().toEqualTypeOf<string[] | null>();
    expectTypeOf<RowOf<W>['area']>().toEqualTypeOf<GeoPolygon | null>();
    expectTypeOf<RowOf<W>['meta']>().toEqualTypeOf<{ a: number } | null>();
    expectTypeOf<RowOf<W>['id']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<W>['deleted_at']>().toEqualTypeOf<string | null>();
  });

  it('a write-only field is never presented, but stored', () => {
    expectTypeOf<RowOf<W>>().not.toHaveProperty('secret');
    expectTypeOf<StoredRowOf<W>['secret']>().toEqualTypeOf<string | null>();
    expectTypeOf<StoredRowOf<W>['born_on']>().toEqualTypeOf<string | Date | null>();
    expectTypeOf<RowOf<typeof users>>().not.toHaveProperty('password');
  });

  it('a resource without soft delete has no deleted_at', () => {
    expectTypeOf<RowOf<typeof users>>().not.toHaveProperty('deleted_at');
  });

  it('the declarations of the registry keep their types', () => {
    expectTypeOf<RowOf<typeof products>['status']>().toEqualTypeOf<'pending' | 'approved' | 'rejected'>();
    expectTypeOf<RowOfName<'products'>['name']>().toEqualTypeOf<string>();
    expectTypeOf<RowOfName<'users'>['scope']>().toEqualTypeOf<'all' | 'province' | 'ward' | 'producer'>();
  });

  it('bodies: read-only fields absent, required ones required on create, every key optional on update', () => {
    type C = CreateInputOf<W>;
    expectTypeOf<C>().not.toHaveProperty('slug');
    expectTypeOf<C['name']>().toEqualTypeOf<string>();
    expectTypeOf<C['status']>().toEqualTypeOf<'draft' | 'done'>();
    expectTypeOf<C['note']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<UpdateInputOf<W>['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<z.output<W['createSchema']>>().toEqualTypeOf<C>();
  });

  it('filters follow the list query', () => {
    type F = FilterOf<W>;
    expectTypeOf<F['status']>().toEqualTypeOf<('draft' | 'done')[] | undefined>();
    expectTypeOf<F['owner_id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<F['weight_from']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<F['born_on_to']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<F['shown']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<F>().not.toHaveProperty('born_on');
    expectTypeOf<F>().not.toHaveProperty('note');
  });

  it('generic code sees any resource as records', () => {
    expectTypeOf<RowOf<ResourceDef>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(widgets).toExtend<ResourceDef>();
  });
});
