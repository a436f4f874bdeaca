import { MENU_ITEMS } from '@nns/shared/site';
import type { FieldEditor } from '../../app/feature';
import { lazyJsonShape } from '../../core/resource/lazy-json-shape';

/** The menu tree editor (drag and drop, antd Tree); fetched when a menu form first shows it. */
const editors: FieldEditor[] = [
  { shape: MENU_ITEMS, widgets: lazyJsonShape(() => import('./menu-items').then((m) => ({ Input: m.MenuItemsInput, View: m.MenuItemsView }))) },
];
export default editors;
