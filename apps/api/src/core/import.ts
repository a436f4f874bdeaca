import type { ResourceDef } from '@nns/shared';
import type { ResourceHooks, Router } from './module';
import type { Services } from './services';

/**
 * .xlsx import from the export template (POST /api/admin/{name}/import, dry run first).
 * Written by the reference-data engineer; until then resources that declare `import` get no route.
 */
export function registerImport(_router: Router, _services: Services, _def: ResourceDef, _hooks?: ResourceHooks) {}
