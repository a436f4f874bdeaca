import type { ResourceDef } from '@nns/shared';
import { createElement } from 'react';
import type { RouteObject } from 'react-router-dom';

export { MapEditor } from '../../components/map';
export { type Row, renderValue } from './display';
export { fieldWidget } from './field-widget';
export { serverFieldErrors, toFormValues, toRequestBody, validateBody } from './form-mapping';
export { type ListParams, rowNumber, toApiQuery } from './list-params';
export { RefSelect } from './ref-select';
export type { ResourceDetailProps } from './resource-detail';
export { ResourceDetail } from './resource-detail';
export type { ResourceFormProps } from './resource-form';
export { ResourceForm } from './resource-form';
export type { ResourceListProps } from './resource-list';
export { ResourceList } from './resource-list';
export { UploadField } from './uploads';

type Page = 'ListPage' | 'CreatePage' | 'EditPage' | 'DetailPage';

/** One lazy chunk holds the generic screens; it is fetched when the first resource screen opens. */
const lazyPage = (def: ResourceDef, page: Page) => async () => {
  const m = await import('./pages');
  return { element: createElement(m[page], { def }) };
};

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The routes of a resource's generic screens: list, create, edit and (config.detail) detail, each
 * with the permission the guard checks (`handle.action` + `handle.subject`) and its title.
 */
export function resourceRoutes(def: ResourceDef): RouteObject[] {
  const custom = def.config.custom ?? {};
  const label = lower(def.label);
  const subject = def.subject;
  const routes: RouteObject[] = [];
  if (!custom.list) routes.push({ path: def.route, handle: { action: 'list', subject, title: def.label }, lazy: lazyPage(def, 'ListPage') });
  if (!custom.create)
    routes.push({ path: `${def.route}/create`, handle: { action: 'create', subject, title: `Thêm ${label}` }, lazy: lazyPage(def, 'CreatePage') });
  if (!custom.update)
    routes.push({ path: `${def.route}/:id/edit`, handle: { action: 'update', subject, title: `Cập nhật ${label}` }, lazy: lazyPage(def, 'EditPage') });
  if (def.config.detail && !custom.read)
    routes.push({ path: `${def.route}/:id/detail`, handle: { action: 'read', subject, title: `Chi tiết ${label}` }, lazy: lazyPage(def, 'DetailPage') });
  return routes;
}
