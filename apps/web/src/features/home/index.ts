import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

export default defineFeature({
  name: 'home',
  routes: [{ path: 'home', handle: { title: 'Tổng quan' }, lazy: page(() => import('./home-page')) }],
});
