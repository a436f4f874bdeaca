import { defineResource, ref, text, textarea } from '../index';

/**
 * A production process (quy trình sản xuất) with its ordered stages (resource 'stages'). Created and
 * changed with its stages in one transaction by the culture module's own create/update routes; a
 * process without a manufacture is a template that cooperatives copy.
 */
export default defineResource({
  name: 'processes',
  subject: 'processes',
  label: 'Quy trình sản xuất',
  area: 'culture',
  route: '/admin/culture/processes',
  menuOrder: 10,
  fields: {
    name: text({ label: 'Tên quy trình', required: true, max: 255, search: true, sort: true }),
    product_id: ref('products', { label: 'Sản phẩm', filter: true }),
    product_group_id: ref('product-groups', { label: 'Nhóm sản phẩm', filter: true }),
    farming_form_id: ref('farming-forms', { label: 'Hình thức canh tác', filter: true }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', filter: true, help: 'Để trống: quy trình mẫu để các cơ sở sao chép' }),
    description: textarea({ label: 'Mô tả', max: 5000 }),
  },
  list: {
    columns: ['name', 'product_id', 'product_group_id', 'farming_form_id', 'manufacture_id'],
    sort: ['name'],
  },
  export: 'export-processes',
  count: true,
  wardVia: 'manufacture_id',
  producerVia: 'manufacture_id',
  detail: true,
  custom: { create: true, update: true },
});
