import { formatNumber } from '@nns/shared';
import { type GeoPolygon, type LngLat, outerRing, toGeoPolygon } from '@nns/shared/geo';
import type { AcreageCheck } from '@nns/shared/producers';
import { Button, Segmented, Space, Typography } from 'antd';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AcreageSummary } from './acreage-summary';
import { CAPTIONS } from './tiles';
import { pinIcon, useLeafletMap, vertexIcon } from './use-leaflet';

export interface MapPoint {
  lat: number;
  long: number;
}

export interface MapEditorProps {
  point?: MapPoint | null;
  /** given → the point can be picked */
  onPointChange?: (p: MapPoint | null) => void;
  polygon?: GeoPolygon | null;
  /** given → the boundary can be drawn and edited */
  onPolygonChange?: (p: GeoPolygon | null) => void;
  /** the acreage entered on the form, in hectares, shown beside the drawn area */
  acreage?: number | null;
  /** the server's comparison of a saved record (boundary_acreage, acreage_warning…), shown as it is */
  check?: AcreageCheck | null;
  readOnly?: boolean;
  height?: number;
  /** read-only points shown as circles (scan locations), red when `alert`; the view fits them */
  markers?: MapMarker[];
}

export interface MapMarker extends MapPoint {
  title: string;
  alert?: boolean;
}

type Mode = 'point' | 'polygon';

const sameRing = (a: LngLat[], b: LngLat[]) => a.length === b.length && a.every((p, i) => p[0] === b[i][0] && p[1] === b[i][1]);
const round = (n: number) => Math.round(n * 1e7) / 1e7;

/**
 * The one map of the admin app: shows, picks a point (lat/long) and draws a boundary polygon by
 * clicking its vertices (drag a vertex to move it). The area of the boundary is computed on the
 * sphere (packages/shared/src/geo.ts) and compared with the acreage the user entered by the server's
 * own rule (`acreageCheck` in @nns/shared/producers): the same difference and warning sentence.
 */
export function MapEditor({ point, onPointChange, polygon, onPolygonChange, acreage, check, readOnly, height = 360, markers }: MapEditorProps) {
  const canPoint = !readOnly && !!onPointChange;
  const canPolygon = !readOnly && !!onPolygonChange;
  const [mode, setMode] = useState<Mode>(canPoint ? 'point' : 'polygon');
  const [ring, setRing] = useState<LngLat[]>(() => outerRing(polygon));
  const { ref, map, tilesFailed } = useLeafletMap();
  const layers = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);

  // the form may replace the polygon (record loaded, reset): follow it unless it is what we drew
  useEffect(() => {
    const incoming = outerRing(polygon);
    setRing((cur) => ((toGeoPolygon(cur) === null && polygon == null) || sameRing(cur, incoming) ? cur : incoming));
  }, [polygon]);

  const latest = useRef({ mode, ring, canPoint, canPolygon, onPointChange, onPolygonChange });
  latest.current = { mode, ring, canPoint, canPolygon, onPointChange, onPolygonChange };

  const changeRing = (next: LngLat[]) => {
    setRing(next);
    latest.current.onPolygonChange?.(toGeoPolygon(next));
  };
  const changeRingRef = useRef(changeRing);
  changeRingRef.current = changeRing;

  useEffect(() => {
    if (!map) return;
    const onClick = (e: L.LeafletMouseEvent) => {
      const s = latest.current;
      const lat = round(e.latlng.lat);
      const long = round(e.latlng.lng);
      if (s.mode === 'point' && s.canPoint) s.onPointChange?.({ lat, long });
      else if (s.mode === 'polygon' && s.canPolygon) changeRingRef.current([...s.ring, [long, lat]]);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  const hasPoint = point != null && Number.isFinite(point.lat) && Number.isFinite(point.long);

  // draw the point, the boundary and its vertices again whenever they change
  useEffect(() => {
    if (!map) return;
    layers.current ??= L.layerGroup().addTo(map);
    const g = layers.current;
    g.clearLayers();
    const latlngs = ring.map(([lng, lat]) => L.latLng(lat, lng));
    if (latlngs.length >= 2) {
      const shape =
        latlngs.length >= 3
          ? L.polygon(latlngs, { color: '#237804', weight: 2, fillOpacity: 0.2 })
          : L.polyline(latlngs, { color: '#237804', weight: 2, dashArray: '4 4' });
      shape.addTo(g);
    }
    if (canPolygon && mode === 'polygon') {
      latlngs.forEach((ll, i) => {
        const m = L.marker(ll, { icon: vertexIcon(), draggable: true, title: `Đỉnh ${i + 1}` });
        m.on('dragend', () => {
          const p = m.getLatLng();
          const next = [...latest.current.ring];
          next[i] = [round(p.lng), round(p.lat)];
          changeRingRef.current(next);
        });
        m.addTo(g);
      });
    }
    if (hasPoint && point) {
      const m = L.marker([point.lat, point.long], { icon: pinIcon(), draggable: canPoint, title: CAPTIONS.pickPoint });
      m.on('dragend', () => {
        const p = m.getLatLng();
        latest.current.onPointChange?.({ lat: round(p.lat), long: round(p.lng) });
      });
      m.addTo(g);
    }
    const marks = (markers ?? []).map((m) => L.latLng(m.lat, m.long));
    (markers ?? []).forEach((m, i) => {
      const color = m.alert ? '#cf1322' : '#237804';
      L.circleMarker(marks[i], { radius: 7, color, weight: 2, fillColor: color, fillOpacity: 0.5 }).bindTooltip(m.title).addTo(g);
    });
    if (marks.length) fitted.current = false;
    if (!fitted.current && (latlngs.length >= 2 || hasPoint || marks.length)) {
      fitted.current = true;
      const pts = [...latlngs, ...(hasPoint && point ? [L.latLng(point.lat, point.long)] : []), ...marks];
      if (pts.length === 1) map.setView(pts[0], 15);
      else map.fitBounds(L.latLngBounds(pts), { padding: [24, 24], maxZoom: 17 });
    }
  }, [map, ring, point, hasPoint, mode, canPoint, canPolygon, markers]);

  const drawn = useMemo(() => toGeoPolygon(ring), [ring]);
  const editable = canPoint || canPolygon;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8}>
      {editable && (
        <Space wrap>
          {canPoint && canPolygon && (
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'point', label: CAPTIONS.pickPoint },
                { value: 'polygon', label: CAPTIONS.drawPolygon },
              ]}
            />
          )}
          {canPolygon && mode === 'polygon' && (
            <>
              <Button size="small" disabled={!ring.length} onClick={() => changeRing(ring.slice(0, -1))}>
                {CAPTIONS.undo}
              </Button>
              <Button size="small" danger disabled={!ring.length} onClick={() => changeRing([])}>
                {CAPTIONS.clearPolygon}
              </Button>
            </>
          )}
          {canPoint && mode === 'point' && (
            <Button size="small" danger disabled={!hasPoint} onClick={() => onPointChange?.(null)}>
              {CAPTIONS.clearPoint}
            </Button>
          )}
          <Typography.Text type="secondary">{mode === 'point' && canPoint ? CAPTIONS.hintPoint : CAPTIONS.hintPolygon}</Typography.Text>
        </Space>
      )}
      <div className={`nns-map${editable ? ' is-picking' : ''}`} style={{ height }} data-testid="map">
        {/* Leaflet makes this box focusable (arrow keys pan, +/- zoom): it is named for a screen reader */}
        <div
          ref={ref}
          role="region"
          aria-label={editable ? 'Bản đồ: bấm để chọn vị trí hoặc vẽ ranh giới' : 'Bản đồ vị trí và ranh giới'}
          style={{ width: '100%', height: '100%' }}
        />
        {tilesFailed && <div className="nns-map-notice">{editable ? CAPTIONS.noTiles : CAPTIONS.noTilesView}</div>}
      </div>
      {hasPoint && point && (
        <Typography.Text>
          {CAPTIONS.lat}: {formatNumber(point.lat, 7)} · {CAPTIONS.long}: {formatNumber(point.long, 7)}
        </Typography.Text>
      )}
      {/* while drawing, the rule runs on the screen; a saved record shows the server's answer */}
      <AcreageSummary polygon={drawn} acreage={acreage} check={editable ? null : check} showWarning={editable || !!check} />
    </Space>
  );
}
