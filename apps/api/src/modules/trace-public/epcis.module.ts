import tracesDef from '@nns/shared/resources/traces';
import { defineModule } from '../../core/module';
import { findOne } from '../../core/resource-store';
import { idParams } from '../../core/router';
import { epcisDocument } from './epcis';

/** GET /api/admin/traces/{id}/epcis: the trace's events as an EPCIS 2.0 JSON-LD document (ward scope as the trace's read). */
export default defineModule({
  name: 'trace-epcis',
  routes(router, services) {
    router.add({
      method: 'GET',
      url: '/api/admin/traces/:id/epcis',
      access: { action: 'read', subject: 'traces' },
      summary: 'Sự kiện EPCIS 2.0 (JSON-LD) của hồ sơ truy xuất: phát hành tem (commissioning), thu hoạch, đóng gói',
      tags: [tracesDef.label],
      params: idParams,
      raw: true,
      produces: ['application/ld+json'],
      async handler(ctx) {
        await findOne(services.db, tracesDef, ctx.params.id, ctx);
        const doc = await epcisDocument(services.db, ctx.params.id, services.config.publicUrl);
        return ctx.reply
          .code(200)
          .header('content-type', 'application/ld+json; charset=utf-8')
          .header('content-disposition', `inline; filename="epcis-trace-${ctx.params.id}.jsonld"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(doc));
      },
    });
  },
});
