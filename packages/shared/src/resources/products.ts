import {
  type RecordAction, PRODUCT_STATUS, approve, bool, code, defineResource, enumField, images, integer, json, money, ref, richtext, text,
  textarea, toggle,
} from '../index';
import { CERTIFICATIONS } from '../producers';

const reject: RecordAction = {
  kind: 'set', field: 'status', value: 'rejected', permission: 'approve', label: 'Từ chối', confirm: 'Bạn có chắc muốn từ chối sản phẩm này?',
};

export default defineResource({
  name: 'products',
  subject: 'products',
  label: 'Sản phẩm',
  area: 'producers',
  route: '/admin/products',
  menuOrder: 20,
  fields: {
    code: code({ label: 'Mã sản phẩm', required: true, max: 50, unique: true, sort: true }),
    gtin: text({ label: 'Mã vạch (GTIN)', max: 14, format: 'gtin', unique: true, search: true, placeholder: 'VD: 8931234567895' }),
    name: text({ label: 'Tên sản phẩm', required: true, max: 255, search: true, sort: true }),
    product_group_id: ref('product-groups', { label: 'Nhóm sản phẩm', filter: true }),
    product_unit_id: ref('product-units', { label: 'Đơn vị tính', filter: true }),
    manufacture_id: ref('manufactures', { label: 'Cơ sở sản xuất', filter: true }),
    farming_form_id: ref('farming-forms', { label: 'Hình thức canh tác', filter: true }),
    price: money({ label: 'Giá (VNĐ)', sort: true, filter: true }),
    images: images({ label: 'Hình ảnh', max: 10 }),
    description: richtext({ label: 'Mô tả', max: 100000 }),
    ingredients: textarea({ label: 'Thành phần', max: 2000 }),
    usage: textarea({ label: 'Hướng dẫn sử dụng', max: 2000 }),
    storage: textarea({ label: 'Hướng dẫn bảo quản', max: 2000 }),
    shelf_life_days: integer({ label: 'Hạn sử dụng (ngày)', min: 0, max: 3650, sort: true }),
    certifications: json(CERTIFICATIONS, {
      label: 'Chứng nhận',
      help: 'Chứng nhận VietGAP, GlobalG.A.P., hữu cơ hoặc OCOP (3–5 sao), kèm số, tổ chức cấp và thời hạn hiệu lực',
    }),
    ocop_stars: integer({ label: 'Hạng OCOP (sao)', min: 3, max: 5, filter: true, sort: true }),
    status: enumField(PRODUCT_STATUS, {
      label: 'Trạng thái', required: true, default: 'pending', filter: true, readOnly: true, help: 'Đổi bằng thao tác phê duyệt (quyền phê duyệt)',
    }),
    is_highlight: bool({ label: 'Nổi bật', filter: true }),
  },
  list: {
    columns: ['code', 'name', 'manufacture_id', 'price', 'status', 'is_highlight'],
    sort: ['code', 'name', 'price', 'shelf_life_days', 'ocop_stars'],
  },
  actions: {
    'change-status': approve('status', 'approved', 'Phê duyệt'),
    reject,
    'change-highlight': toggle('is_highlight', 'Nổi bật'),
  },
  export: 'export',
  import: { key: 'code' },
  count: true,
  softDelete: true,
  detail: true,
});
