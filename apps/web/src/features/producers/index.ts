import { defineFeature } from '../../app/feature';
import { producerRoutes } from './routes';

/** Manufactures, products, distributors, material areas and labors: lists with imports, and certifications. */
export default defineFeature({
  name: 'producers',
  routes: producerRoutes,
  fieldEditors: () => import('./field-editors').then((m) => m.default),
});
