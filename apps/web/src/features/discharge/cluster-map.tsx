import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useLeafletMap } from '../../components/map/use-leaflet';
import { type ClusterAnswer, type ClusterRequest, STRIDE } from './cluster-protocol';

/** The overview's points as the server sends them: [id, lat, long, wastewater_type, exceeded (0/1)] × n, flat. */
export type FlatPoints = number[];
/** One work picked on the map. */
export interface PickedWork {
  id: number;
  type: number;
  exceeded: boolean;
}

interface Props {
  points: FlatPoints;
  colorOf: (type: number) => string;
  /** a click on a single work */
  onPick: (w: PickedWork, at: L.LatLng, map: L.Map) => void;
  height?: number;
  label: string;
}

const sizeOf = (n: number) => (n === 1 ? 8 : n < 10 ? 15 : n < 100 ? 18 : n < 1000 ? 22 : 26);

/**
 * Thousands of works without freezing the page: the cluster index is built in a worker
 * (cluster.worker.ts) from the flat answer, and each view — what the worker says is in it — is drawn
 * on one canvas over the map: clusters as discs coloured by the type most of them have, with their
 * count and a red badge with how many broke a limit in the period; single works as coloured circles,
 * a thick dark-red ring on those over their limits. A click is matched against what was drawn.
 */
export function ClusterMap({ points, colorOf, onPick, height = 520, label }: Props) {
  const { ref, map, tilesFailed } = useLeafletMap();
  const [drawn, setDrawn] = useState(-1);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    const canvas = document.createElement('canvas');
    canvas.className = 'nns-discharge-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    container.appendChild(canvas);
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    const send = (m: ClusterRequest, transfer: Transferable[] = []) => worker.postMessage(m, transfer);
    let items: Float64Array = new Float64Array(0);
    let seq = 0;
    let ready = false;
    const expanding = new Map<number, L.LatLng>();

    const resize = () => {
      const s = map.getSize();
      const r = window.devicePixelRatio || 1;
      canvas.width = Math.round(s.x * r);
      canvas.height = Math.round(s.y * r);
      canvas.style.width = `${s.x}px`;
      canvas.style.height = `${s.y}px`;
      g.setTransform(r, 0, 0, r, 0, 0);
    };
    const draw = () => {
      const s = map.getSize();
      g.clearRect(0, 0, s.x, s.y);
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      for (let o = 0; o < items.length; o += STRIDE) {
        const p = map.latLngToContainerPoint([items[o + 1], items[o]]);
        const n = items[o + 2];
        const ex = items[o + 3];
        const r = sizeOf(n);
        g.beginPath();
        g.arc(p.x, p.y, r, 0, Math.PI * 2);
        g.fillStyle = colorOf(items[o + 4]);
        g.globalAlpha = n === 1 ? 0.9 : 0.85;
        g.fill();
        g.globalAlpha = 1;
        g.lineWidth = n === 1 ? (ex ? 3 : 1.5) : 3;
        g.strokeStyle = n === 1 ? (ex ? '#a8071a' : '#263238') : '#ffffff';
        g.stroke();
        if (n === 1) continue;
        g.font = '600 12px system-ui, sans-serif';
        g.fillStyle = '#ffffff';
        g.fillText(n.toLocaleString('vi-VN'), p.x, p.y);
        if (ex) {
          // how many of them broke a limit in the period: a red badge on the cluster's edge
          const t = ex.toLocaleString('vi-VN');
          const bx = p.x + r * 0.75;
          const by = p.y - r * 0.75;
          const w = Math.max(16, 7 * t.length + 8);
          g.beginPath();
          g.roundRect(bx - w / 2, by - 8, w, 16, 8);
          g.fillStyle = '#cf1322';
          g.fill();
          g.font = '600 10px system-ui, sans-serif';
          g.fillStyle = '#ffffff';
          g.fillText(t, bx, by);
        }
      }
    };
    const ask = () => {
      if (!ready) return;
      const b = map.getBounds().pad(0.25);
      send({ kind: 'view', seq: ++seq, bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: Math.round(map.getZoom()) });
    };
    /** the drawn item under a container point: single works first (drawn last, on top) */
    const hit = (at: L.Point) => {
      let best = -1;
      for (let o = 0; o < items.length; o += STRIDE) {
        const p = map.latLngToContainerPoint([items[o + 1], items[o]]);
        const r = sizeOf(items[o + 2]) + 2;
        if ((p.x - at.x) ** 2 + (p.y - at.y) ** 2 <= r * r) best = o;
      }
      return best;
    };

    worker.onmessage = (e: MessageEvent<ClusterAnswer>) => {
      const m = e.data;
      if (m.kind === 'loaded') {
        ready = true;
        if (m.bounds) map.fitBounds(L.latLngBounds([m.bounds[0], m.bounds[1]], [m.bounds[2], m.bounds[3]]).pad(0.1), { maxZoom: 14, animate: false });
        ask();
      } else if (m.kind === 'view' && m.seq === seq) {
        items = m.items;
        draw();
        setDrawn(items.length / STRIDE);
      } else if (m.kind === 'expand') {
        const at = expanding.get(m.seq);
        expanding.delete(m.seq);
        if (at) map.setView(at, Math.min(m.zoom, 18));
      }
    };
    resize();
    const flat = Float64Array.from(points);
    send({ kind: 'load', points: flat }, [flat.buffer]);

    const onClick = (e: L.LeafletMouseEvent) => {
      const o = hit(e.containerPoint);
      if (o < 0) return;
      const at = L.latLng(items[o + 1], items[o]);
      if (items[o + 2] > 1) {
        expanding.set(++seq, at);
        send({ kind: 'expand', seq, clusterId: items[o + 5] });
        return;
      }
      pick.current({ id: items[o + 5], type: items[o + 4], exceeded: items[o + 3] > 0 }, at, map);
    };
    const onHover = (e: L.LeafletMouseEvent) => {
      container.style.cursor = hit(e.containerPoint) >= 0 ? 'pointer' : '';
    };
    const onResize = () => {
      resize();
      draw();
      ask();
    };
    // the canvas sits still over the map: drawn again while panning, hidden while a zoom animates
    const onZoomStart = () => {
      canvas.style.visibility = 'hidden';
    };
    const onMoveEnd = () => {
      canvas.style.visibility = '';
      draw();
      ask();
    };
    map.on('click', onClick);
    map.on('mousemove', onHover);
    map.on('move', draw);
    map.on('zoomstart', onZoomStart);
    map.on('moveend', onMoveEnd);
    map.on('resize', onResize);
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onHover);
      map.off('move', draw);
      map.off('zoomstart', onZoomStart);
      map.off('moveend', onMoveEnd);
      map.off('resize', onResize);
      worker.terminate();
      canvas.remove();
    };
  }, [map, points, colorOf]);

  return (
    <div className="nns-map nns-discharge-map">
      <div ref={ref} role="region" aria-label={label} data-testid="discharge-map" data-drawn={drawn} style={{ height, width: '100%' }} />
      {tilesFailed && <div className="nns-map-notice">Không tải được nền bản đồ; các công trình vẫn hiện theo tọa độ.</div>}
    </div>
  );
}
