import type { CountData } from '@nns/shared';
import { resourceCall } from '../client';

/** A declared resource's generic count route (GET /api/admin/{name}/count), for screens that show counts per declaration. */
export function resourceCount(name: string, signal?: AbortSignal) {
  return resourceCall<CountData>('get', name, '/count', { signal });
}
