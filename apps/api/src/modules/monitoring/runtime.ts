import type { FastifyInstance } from 'fastify';
import type { Services } from '../../core/services';
import { evaluateAlerts } from './alerts';
import { startPartitionKeeper } from './ingest.module';
import { startMqtt } from './mqtt';

/** What environment monitoring runs beside the routes: month partitions and retention, the alert timer, the MQTT subscription. */
export function startMonitoring(app: FastifyInstance, s: Services) {
  let keeper: ReturnType<typeof startPartitionKeeper> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let mqtt: ReturnType<typeof startMqtt> | null = null;
  app.addHook('onReady', async () => {
    keeper = startPartitionKeeper(s.database, s.config.MONITORING_RETENTION_MONTHS, s.log);
    await keeper.first;
    if (s.config.MQTT_URL) mqtt = startMqtt(s, s.config.MQTT_URL);
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
    await mqtt?.stop();
    await running;
  });
}
