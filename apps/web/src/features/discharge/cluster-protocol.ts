/** Messages between the overview map and its cluster worker (cluster.worker.ts). */
export type ClusterRequest =
  | { kind: 'load'; points: Float64Array }
  | { kind: 'view'; seq: number; bbox: [number, number, number, number]; zoom: number }
  | { kind: 'expand'; seq: number; clusterId: number };
export type ClusterAnswer =
  | { kind: 'loaded'; n: number; bounds: [number, number, number, number] | null }
  | { kind: 'view'; seq: number; items: Float64Array }
  | { kind: 'expand'; seq: number; zoom: number };
/** A view's items: [long, lat, count (1: a single work), exceeded count, main type, work id or cluster id] each. */
export const STRIDE = 6;
