export { default as PermissionsPage } from './permissions-page';
export { RoleDetailPage, RoleFormPage, RolesListPage } from './roles-pages';
export { AdministrativeDetailPage, AdministrativeListPage, UserDetailPage, UsersListPage } from './users-pages';
