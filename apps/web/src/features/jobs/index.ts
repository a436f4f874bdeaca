import { defineFeature } from '../../app/feature';
import { page } from '../../app/lazy-page';

/** 'Tác vụ': the signed-in user's background jobs (exports, print sheets), their progress and downloads. */
export default defineFeature({
  name: 'jobs',
  routes: [{ path: 'jobs', handle: { title: 'Tác vụ' }, lazy: page(() => import('./jobs-page')) }],
});
