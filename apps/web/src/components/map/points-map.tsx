import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from './use-leaflet';

export interface ColouredPoint {
  lat: number;
  long: number;
  color: string;
  /** shown on hover */
  title: string;
  /** drawn with a thick red ring (a station with an open alert) */
  ring?: boolean;
}

/** Above this many points they are drawn smaller, so a province of stations stays readable. */
const MANY = 500;

/**
 * Read-only map of coloured points (stations by their current band); fits them in view. The points
 * are drawn on one canvas (Leaflet's canvas renderer), not as an SVG element each, so 20,000 of them
 * draw in a frame and pan without freezing the page; one shared tooltip follows the pointer and a
 * click hands the point's index to `onPick`.
 */
export function PointsMap({
  points,
  height = 420,
  label,
  onPick,
}: {
  points: ColouredPoint[];
  height?: number;
  label: string;
  onPick?: (index: number) => void;
}) {
  const { ref, map, tilesFailed } = useLeafletMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!map) return;
    const renderer = L.canvas({ padding: 0.5, tolerance: 4 });
    const group = L.featureGroup();
    const index = new WeakMap<L.Layer, number>();
    const radius = points.length > MANY ? 5 : 9;
    points.forEach((p, i) => {
      const m = L.circleMarker([p.lat, p.long], {
        renderer,
        radius,
        color: p.ring ? '#d32f2f' : '#263238',
        weight: p.ring ? 3 : points.length > MANY ? 0.8 : 1.5,
        fillColor: p.color,
        fillOpacity: 0.9,
      });
      index.set(m, i);
      group.addLayer(m);
    });
    const tip = L.tooltip({ direction: 'top', offset: [0, -radius] });
    group.on('mouseover', (e) => {
      const i = index.get(e.layer as L.Layer);
      if (i === undefined) return;
      tip.setLatLng([points[i].lat, points[i].long]).setContent(points[i].title);
      map.openTooltip(tip);
    });
    group.on('mouseout', () => map.closeTooltip(tip));
    group.on('click', (e) => {
      const i = index.get(e.layer as L.Layer);
      if (i !== undefined) pick.current?.(i);
    });
    group.addTo(map);
    if (points.length) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.long] as [number, number])).pad(0.2), { maxZoom: 14, animate: false });
    return () => {
      map.closeTooltip(tip);
      group.remove();
      renderer.remove();
    };
  }, [map, points]);
  return (
    <div>
      <div ref={ref} role="region" aria-label={label} data-testid="points-map" data-points={points.length} style={{ height, width: '100%', borderRadius: 8 }} />
      {tilesFailed && <div style={{ fontSize: 12, color: '#666', marginTop: 4 }}>Không tải được nền bản đồ; các trạm vẫn hiện theo tọa độ.</div>}
    </div>
  );
}
