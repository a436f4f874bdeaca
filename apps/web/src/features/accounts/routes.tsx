import type { RouteObject } from 'react-router-dom';

type Screens = typeof import('./screens');
/** One lazy chunk for the accounts screens; the router only holds these few lines. */
const screen = (name: keyof Screens) => async () => ({ Component: (await import('./screens'))[name] });

/**
 * Hand-written account screens, relative to /admin. They come before the generic resource routes,
 * so for the same path these win (the users create/edit forms stay generic).
 */
export const accountRoutes: RouteObject[] = [
  { path: 'roles', handle: { action: 'list', subject: 'roles', title: 'Vai trò' }, lazy: screen('RolesListPage') },
  { path: 'roles/create', handle: { action: 'create', subject: 'roles', title: 'Thêm vai trò' }, lazy: screen('RoleFormPage') },
  { path: 'roles/:id/edit', handle: { action: 'update', subject: 'roles', title: 'Cập nhật vai trò' }, lazy: screen('RoleFormPage') },
  { path: 'roles/:id/detail', handle: { action: 'read', subject: 'roles', title: 'Chi tiết vai trò' }, lazy: screen('RoleDetailPage') },
  // the screen reads the catalogue and the roles' matrices (list:permissions); saving needs update:permissions
  { path: 'system/permissions', handle: { action: 'list', subject: 'permissions', title: 'Phân quyền' }, lazy: screen('PermissionsPage') },
  { path: 'general/users', handle: { action: 'list', subject: 'users', title: 'Người dùng' }, lazy: screen('UsersListPage') },
  { path: 'general/users/:id/detail', handle: { action: 'read', subject: 'users', title: 'Chi tiết người dùng' }, lazy: screen('UserDetailPage') },
  {
    path: 'general/administrative',
    handle: { action: 'list', subject: 'administrative', title: 'Tài khoản hành chính' },
    lazy: screen('AdministrativeListPage'),
  },
  {
    path: 'general/administrative/:id/detail',
    handle: { action: 'read', subject: 'administrative', title: 'Chi tiết tài khoản hành chính' },
    lazy: screen('AdministrativeDetailPage'),
  },
];
