import L from 'leaflet';
import { useEffect } from 'react';
import { useLeafletMap } from './use-leaflet';

export interface ColouredPoint {
  lat: number;
  long: number;
  color: string;
  /** shown on hover and read by screen readers */
  title: string;
  onClick?: () => void;
}

/** Read-only map of coloured points (stations by their current band); fits them in view. */
export function PointsMap({ points, height = 420, label }: { points: ColouredPoint[]; height?: number; label: string }) {
  const { ref, map, tilesFailed } = useLeafletMap();
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    for (const p of points) {
      const m = L.circleMarker([p.lat, p.long], { radius: 9, color: '#263238', weight: 1.5, fillColor: p.color, fillOpacity: 0.9 });
      m.bindTooltip(p.title);
      if (p.onClick) m.on('click', p.onClick);
      m.addTo(layer);
    }
    if (points.length) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.long] as [number, number])).pad(0.2), { maxZoom: 14, animate: false });
    return () => {
      layer.remove();
    };
  }, [map, points]);
  return (
    <div>
      <div ref={ref} role="region" aria-label={label} data-testid="points-map" style={{ height, width: '100%', borderRadius: 8 }} />
      {tilesFailed && <div style={{ fontSize: 12, color: '#666', marginTop: 4 }}>Không tải được nền bản đồ; các trạm vẫn hiện theo tọa độ.</div>}
    </div>
  );
}
