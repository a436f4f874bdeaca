import type { ResourceDef } from '@nns/shared';
import { Card } from 'antd';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../loading';
import type { ResourceDetailProps } from './resource-detail';
import type { ResourceFormProps } from './resource-form';
import type { ResourceListProps } from './resource-list';

export type { Row } from './display';
/*
 * Kept light on purpose: the router imports this module on the first /admin visit (even for the
 * home page), so the screens themselves (antd Table and Form, Leaflet, TipTap) stay in lazy chunks.
 */
export { serverFieldErrors, toFormValues, toRequestBody, validateBody } from './form-mapping';
export { type ListParams, rowNumber, toApiQuery } from './list-params';
export type { ResourceDetailProps, ResourceFormProps, ResourceListProps };

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

/** A component loaded on first render, with its own placeholder so the page around it stays up. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const L = lazy(async () => ({ default: await load() }));
  return (props: P) =>
    createElement(
      Suspense,
      { fallback: createElement(Card, { variant: 'borderless' }, createElement(LoadingBlock)) },
      createElement(L as ComponentType<P>, props),
    );
}

/**
 * The generic screens for hand-written ones to reuse with overrides (extra columns, toolbar
 * buttons, row actions, form sections, detail content). Importing them directly from
 * './resource-list' etc. works too, inside a screen that is itself lazy.
 */
export const ResourceList = deferred<ResourceListProps>(() => import('./resource-list').then((m) => m.ResourceList));
export const ResourceForm = deferred<ResourceFormProps>(() => import('./resource-form').then((m) => m.ResourceForm));
export const ResourceDetail = deferred<ResourceDetailProps>(() => import('./resource-detail').then((m) => m.ResourceDetail));
