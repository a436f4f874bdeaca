import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services';
import { startPartitionKeeper } from './ingest.module';

/** What environment monitoring runs beside the routes: month partitions ahead and the retention. */
export function startMonitoring(app: FastifyInstance, s: Services) {
  let keeper: ReturnType<typeof startPartitionKeeper> | null = null;
  app.addHook('onReady', async () => {
    keeper = startPartitionKeeper(s.database, s.config.MONITORING_RETENTION_MONTHS, s.log);
    await keeper.first;
  });
  app.addHook('preClose', async () => {
    keeper?.stop();
  });
}
