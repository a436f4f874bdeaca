import type { Services } from '../core/services';
import { modules } from '../modules/registry';

/** Demo data in Vietnamese for a new database: each module seeds its own registers, in name order. */
export async function seedDemo(services: Services) {
  const ordered = [...modules].sort((a, b) => a.name.localeCompare(b.name));
  for (const m of ordered) {
    if (!m.seedDemo) continue;
    try {
      await m.seedDemo(services);
    } catch (err) {
      services.log.error({ err, module: m.name }, 'demo data failed');
    }
  }
}
