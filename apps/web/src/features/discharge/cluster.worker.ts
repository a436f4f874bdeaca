import Supercluster from 'supercluster';
import { type ClusterAnswer, type ClusterRequest, STRIDE } from './cluster-protocol';

/**
 * The overview's cluster index, off the main thread: it takes the flat points of the overview answer
 * ([id, lat, long, type, exceeded] × n, transferred as a Float64Array), builds the index once and
 * answers each view with a flat Float64Array of what to draw: [long, lat, count (1: a single work),
 * exceeded count, main type, id (a work) or cluster id] × m.
 */

type Props = { ex: number; t1: number; t2: number; t3: number; t4: number };
let index: Supercluster<{ i: number }, Props> | null = null;
let pts: Float64Array = new Float64Array(0);
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ClusterRequest>) => void) | null;
  postMessage: (m: ClusterAnswer, transfer?: Transferable[]) => void;
};

scope.onmessage = (e: MessageEvent<ClusterRequest>) => {
  const m = e.data;
  if (m.kind === 'load') {
    pts = m.points;
    const n = pts.length / 5;
    const features: Supercluster.PointFeature<{ i: number }>[] = new Array(n);
    let s = 90;
    let w = 180;
    let nn = -90;
    let ea = -180;
    for (let i = 0; i < n; i++) {
      const lat = pts[i * 5 + 1];
      const lng = pts[i * 5 + 2];
      if (lat < s) s = lat;
      if (lat > nn) nn = lat;
      if (lng < w) w = lng;
      if (lng > ea) ea = lng;
      features[i] = { type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [lng, lat] } };
    }
    index = new Supercluster<{ i: number }, Props>({
      radius: 60,
      maxZoom: 15,
      map: (p) => {
        const t = pts[p.i * 5 + 3];
        return { ex: pts[p.i * 5 + 4], t1: t === 1 ? 1 : 0, t2: t === 2 ? 1 : 0, t3: t === 3 ? 1 : 0, t4: t === 4 ? 1 : 0 };
      },
      reduce: (a, b) => {
        a.ex += b.ex;
        a.t1 += b.t1;
        a.t2 += b.t2;
        a.t3 += b.t3;
        a.t4 += b.t4;
      },
    }).load(features);
    scope.postMessage({ kind: 'loaded', n, bounds: n ? [s, w, nn, ea] : null });
    return;
  }
  if (!index) return;
  if (m.kind === 'expand') {
    scope.postMessage({ kind: 'expand', seq: m.seq, zoom: index.getClusterExpansionZoom(m.clusterId) });
    return;
  }
  const found = index.getClusters(m.bbox, m.zoom);
  const items = new Float64Array(found.length * STRIDE);
  found.forEach((f, k) => {
    const o = k * STRIDE;
    const pr = f.properties as Partial<Props> & { cluster?: boolean; point_count?: number; cluster_id?: number; i?: number };
    items[o] = f.geometry.coordinates[0];
    items[o + 1] = f.geometry.coordinates[1];
    if (pr.cluster) {
      const counts = [pr.t1 ?? 0, pr.t2 ?? 0, pr.t3 ?? 0, pr.t4 ?? 0];
      items[o + 2] = pr.point_count ?? 0;
      items[o + 3] = pr.ex ?? 0;
      items[o + 4] = counts.indexOf(Math.max(...counts)) + 1;
      items[o + 5] = pr.cluster_id ?? 0;
    } else {
      const i = pr.i as number;
      items[o + 2] = 1;
      items[o + 3] = pts[i * 5 + 4];
      items[o + 4] = pts[i * 5 + 3];
      items[o + 5] = pts[i * 5];
    }
  });
  scope.postMessage({ kind: 'view', seq: m.seq, items }, [items.buffer]);
};
