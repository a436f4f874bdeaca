import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

export default defineFeature({
  name: 'profile',
  routes: [{ path: 'profile', handle: { title: 'Thông tin tài khoản' }, lazy: page(() => import('./profile-page')) }],
});
