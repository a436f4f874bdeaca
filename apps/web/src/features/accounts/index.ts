import { defineFeature } from '../../app/feature';
import { accountRoutes } from './routes';

/** Roles with the permission matrix, the permissions screen, users and administrative accounts. */
export default defineFeature({
  name: 'accounts',
  routes: accountRoutes,
  menu: [{ route: '/admin/system/permissions', label: 'Phân quyền', area: 'accounts', subject: 'permissions', config: { menuOrder: 5 } }],
});
