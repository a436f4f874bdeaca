import { defineFeature } from '../../app/feature';
import { cultureRoutes } from './routes';

/** Processes with their ordered stages, batches with their stage timeline, diaries with their inputs. */
export default defineFeature({
  name: 'culture',
  routes: cultureRoutes,
  fieldEditors: () => import('./field-editors').then((m) => m.default),
});
