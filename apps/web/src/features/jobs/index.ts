import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

/** 'Tác vụ': the signed-in user's background jobs (exports, print sheets), their progress and downloads. */
export default defineFeature({
  name: 'jobs',
  routes: [{ path: 'jobs', handle: { title: 'Tác vụ' }, lazy: page(() => import('./jobs-page')) }],
  // every signed-in user has jobs of their own (an export, a print sheet): no subject to hold
  menu: [{ route: '/admin/jobs', label: 'Tác vụ', area: 'top', access: 'authenticated', icon: 'downloads' }],
});
