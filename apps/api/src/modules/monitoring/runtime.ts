import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services';
import { evaluateAlerts } from './alerts';
import { startPartitionKeeper } from './ingest.module';

/** What environment monitoring runs beside the routes: month partitions ahead and the retention. */
export function startMonitoring(app: FastifyInstance, s: Services) {
  let keeper: ReturnType<typeof startPartitionKeeper> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    keeper = startPartitionKeeper(s.database, s.config.MONITORING_RETENTION_MONTHS, s.log);
    await keeper.first;
    // alerts on a timer, not only when a reading arrives: silence and time-based clears fire on time
    const every = s.config.MONITORING_ALERT_CHECK_SECONDS;
    if (every > 0) {
      timer = setInterval(() => {
        if (running) return;
        running = evaluateAlerts(s)
          .catch((err) => s.log.warn({ err }, 'monitoring alerts check failed'))
          .finally(() => {
            running = null;
          });
      }, every * 1000);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    keeper?.stop();
    if (timer) clearInterval(timer);
    await running;
  });
}
