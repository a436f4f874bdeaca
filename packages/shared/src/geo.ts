/** Geometry helpers shared by the map screens and the server (acreage vs drawn boundary). */

/** WGS84 equatorial radius in metres, the sphere Leaflet and Google Maps use for areas. */
export const EARTH_RADIUS_M = 6378137;

/** [longitude, latitude], the GeoJSON order. */
export type LngLat = [number, number];

export interface GeoPolygon {
  type: 'Polygon';
  coordinates: LngLat[][];
}

const rad = (d: number) => (d * Math.PI) / 180;

/**
 * Area of one ring on a sphere, in m² (Chamberlain & Duquette, "Some algorithms for polygons on a
 * sphere", 2007). The ring may be open or closed; fewer than three distinct points give 0.
 */
export function ringAreaM2(ring: readonly LngLat[]): number {
  const pts = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
  if (pts.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < pts.length; i++) {
    const [lng1, lat1] = pts[i];
    const [lng2, lat2] = pts[(i + 1) % pts.length];
    sum += rad(lng2 - lng1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Area of a GeoJSON polygon (outer ring minus holes) in hectares. */
export function polygonAreaHa(p: GeoPolygon | null | undefined): number {
  if (!p || !Array.isArray(p.coordinates) || p.coordinates.length === 0) return 0;
  const [outer, ...holes] = p.coordinates;
  const m2 = ringAreaM2(outer) - holes.reduce((s, h) => s + ringAreaM2(h), 0);
  return Math.max(0, m2) / 10000;
}

/** Closes an open ring of [lng, lat] points into a GeoJSON polygon; null below three points. */
export function toGeoPolygon(points: readonly LngLat[]): GeoPolygon | null {
  if (points.length < 3) return null;
  const ring = points.map((p) => [p[0], p[1]] as LngLat);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The open outer ring of a polygon (without the closing point). */
export function outerRing(p: GeoPolygon | null | undefined): LngLat[] {
  const ring = p?.coordinates?.[0] ?? [];
  if (ring.length > 1) {
    const a = ring[0];
    const b = ring[ring.length - 1];
    if (a[0] === b[0] && a[1] === b[1]) return ring.slice(0, -1);
  }
  return [...ring];
}
