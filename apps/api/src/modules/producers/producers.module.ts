import { defineModule } from '../../core/module';
import { seedProducers } from './demo-seed';

/**
 * Demo data of the producers' registers. Runs after 'areas' and 'catalog' (`after`) and finds wards and
 * catalog rows by name, leaving a reference empty when they are not loaded.
 */
export default defineModule({
  name: 'producers',
  after: ['areas', 'catalog'],
  seedDemo: (services) => seedProducers(services),
});
