import animalsDef from '@nns/shared/resources/animals';
import plantsDef from '@nns/shared/resources/plants';
import seafoodsDef from '@nns/shared/resources/seafoods';
import { defineModule } from '../../core/module';
import { seedAgricultural } from './demo';
import { criteriaHooks, registerSpeciesList } from './species-lists';

export default defineModule({
  name: 'agricultural',
  // the demo's CARP seafood lives in the demo ward Xuân Hương (24781)
  after: ['areas'],
  hooks: { 'criteria-seafoods': criteriaHooks },
  routes(router, services) {
    registerSpeciesList(router, services, { base: 'product-plants', path: 'plants', species: plantsDef, typeField: 'plant_type', subject: 'product_plants' });
    registerSpeciesList(router, services, {
      base: 'product-animals',
      path: 'animals',
      species: animalsDef,
      typeField: 'animal_type',
      subject: 'product_animals',
    });
    registerSpeciesList(router, services, {
      base: 'criteria-seafoods',
      path: 'seafoods',
      species: seafoodsDef,
      typeField: 'seafood_type',
      subject: 'criteria_seafoods',
    });
  },
  seedDemo: seedAgricultural,
});
