import L from 'leaflet';
import { useEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import { useLeafletMap } from '../../components/map/use-leaflet';

/** One work on the overview: [id, lat, long, wastewater_type, exceeded (0/1), code, name]. */
export type WorkPoint = [number, number, number, number, 0 | 1, string, string];

interface Props {
  points: WorkPoint[];
  colorOf: (type: number) => string;
  /** a click on a single work */
  onPick: (p: WorkPoint, at: L.LatLng, map: L.Map) => void;
  /** a click on the map outside the points (the create screen) */
  onMapClick?: (lat: number, long: number) => void;
  height?: number;
  label: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Thousands of works without freezing the page: supercluster indexes the points once (a few ms for
 * 10,000) and each move draws only what is in view, as clusters (a count coloured by the types it
 * holds, a red badge with how many of them broke a limit this month) or single coloured circles on one
 * canvas, a work over its limits this month with a thick dark-red ring.
 */
export function ClusterMap({ points, colorOf, onPick, onMapClick, height = 520, label }: Props) {
  const { ref, map, tilesFailed } = useLeafletMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  const click = useRef(onMapClick);
  click.current = onMapClick;

  useEffect(() => {
    if (!map) return;
    const canvas = L.canvas({ padding: 0.5 });
    const layer = L.layerGroup().addTo(map);
    const index = new Supercluster<{ i: number }, { ex: number; t1: number; t2: number; t3: number; t4: number }>({
      radius: 60,
      maxZoom: 15,
      map: (p) => {
        const w = points[p.i];
        return { ex: w[4], t1: w[3] === 1 ? 1 : 0, t2: w[3] === 2 ? 1 : 0, t3: w[3] === 3 ? 1 : 0, t4: w[3] === 4 ? 1 : 0 };
      },
      reduce: (a, b) => {
        a.ex += b.ex;
        a.t1 += b.t1;
        a.t2 += b.t2;
        a.t3 += b.t3;
        a.t4 += b.t4;
      },
    });
    index.load(points.map((p, i) => ({ type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [p[2], p[1]] } })));
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const f of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = f.geometry.coordinates;
        const pr = f.properties as Record<string, number> & { cluster?: boolean; point_count?: number; i?: number };
        if (pr.cluster) {
          const n = pr.point_count ?? 0;
          const counts = [pr.t1, pr.t2, pr.t3, pr.t4];
          const main = counts.indexOf(Math.max(...counts)) + 1;
          const size = n < 10 ? 30 : n < 100 ? 36 : n < 1000 ? 44 : 52;
          // how many of them broke a limit this month: a red badge on the cluster's edge
          const badge = pr.ex ? `<span class="nns-cluster-ex">${pr.ex}</span>` : '';
          const icon = L.divIcon({
            className: '',
            iconSize: [size, size],
            html: `<div class="nns-cluster" style="width:${size}px;height:${size}px;background:${colorOf(main)}" title="${n} công trình${pr.ex ? `, ${pr.ex} vượt giới hạn trong tháng` : ''}">${n}${badge}</div>`,
          });
          const m = L.marker([lat, lng], { icon, keyboard: false });
          m.on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(Number(pr.cluster_id)), 18)));
          m.addTo(layer);
        } else {
          const w = points[pr.i as number];
          const m = L.circleMarker([lat, lng], {
            renderer: canvas,
            radius: 8,
            color: w[4] ? '#a8071a' : '#263238',
            weight: w[4] ? 3 : 1.5,
            fillColor: colorOf(w[3]),
            fillOpacity: 0.9,
          });
          m.bindTooltip(esc(`${w[5]} · ${w[6]}`));
          m.on('click', (e) => {
            L.DomEvent.stopPropagation(e);
            pick.current(w, e.latlng, map);
          });
          m.addTo(layer);
        }
      }
    };
    if (points.length) map.fitBounds(L.latLngBounds(points.map((p) => [p[1], p[2]] as [number, number])).pad(0.1), { maxZoom: 14 });
    draw();
    map.on('moveend', draw);
    const onClick = (e: L.LeafletMouseEvent) => click.current?.(e.latlng.lat, e.latlng.lng);
    map.on('click', onClick);
    return () => {
      map.off('moveend', draw);
      map.off('click', onClick);
      layer.remove();
    };
  }, [map, points, colorOf]);

  return (
    <div className="nns-map">
      <div ref={ref} role="region" aria-label={label} data-testid="discharge-map" style={{ height, width: '100%' }} />
      {tilesFailed && <div className="nns-map-notice">Không tải được nền bản đồ; các công trình vẫn hiện theo tọa độ.</div>}
    </div>
  );
}
