import { ON_OFF } from '../enums';
import { defineResource, enumField, json, text, toggle } from '../index';
import { MENU_ITEMS, MENU_POSITIONS } from '../site';

/**
 * Menu website (spec §7 menus: list, get, update): the header and footer trees of the public portal,
 * each a record whose items (links to an address, an article or a category) are edited by dragging.
 * The portal draws, per position, the active menu changed last (a new menu can be prepared switched off).
 */
export default defineResource({
  name: 'menus',
  subject: 'menus',
  label: 'Menu website',
  area: 'content',
  route: '/admin/system/menus',
  fields: {
    name: text({ label: 'Tên menu', required: true, max: 255, search: true, sort: true }),
    position: enumField(MENU_POSITIONS, { label: 'Vị trí', required: true, filter: true }),
    status: enumField(ON_OFF, { label: 'Trạng thái', required: true, default: 1, filter: true }),
    items: json(MENU_ITEMS, { label: 'Các mục menu', default: [] }),
  },
  list: { columns: ['name', 'position', 'status', 'updated_at'], sort: ['name'], defaultSort: 'id' },
  actions: { 'change-status': toggle('status', 'Bật/tắt menu') },
  export: false,
  menuOrder: 70,
});
