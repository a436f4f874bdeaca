import { defineModule } from '../../core/module';
import { cleanRichText } from './sanitize';

/** Products: the description is rich text and is sanitised before it is stored. */
export default defineModule({
  name: 'products',
  hooks: {
    products: {
      beforeCreate: (data) => cleanRichText(data, ['description']),
      beforeUpdate: (data) => cleanRichText(data, ['description']),
    },
  },
});
