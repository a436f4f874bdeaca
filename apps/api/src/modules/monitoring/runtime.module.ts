import { defineModule } from '../../core/module';
import type { Services } from '../../core/services';
import { evaluateAlerts } from './alerts';
import { startPartitionKeeper } from './ingest.module';
import { startMqtt } from './mqtt';

/** What environment monitoring runs beside the routes: month partitions and retention, the alert timer, the MQTT subscription. */
async function startMonitoring(s: Services) {
  const keeper = startPartitionKeeper(s.database, s.config.MONITORING_RETENTION_MONTHS, s.log);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let mqtt: ReturnType<typeof startMqtt> | null = null;
  const stop = async () => {
    keeper.stop();
    if (timer) clearInterval(timer);
    await mqtt?.stop();
    await running;
  };
  try {
    await keeper.first;
  } catch (err) {
    keeper.stop();
    throw err;
  }
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
  return stop;
}

export default defineModule({ name: 'monitoring-runtime', start: startMonitoring });
