import type { ResourceDef } from '@nns/shared';

/** The field compared with a drawn boundary, when a resource has one (material areas: hectares). */
export const ACREAGE_FIELD = 'acreage';

/** The boundary field of a resource: the declared `map.polygon`, else its first polygon field. */
export function polygonFieldOf(def: ResourceDef): string | undefined {
  return def.config.map?.polygon ?? Object.keys(def.fields).find((k) => def.fields[k].kind === 'polygon' && !def.fields[k].readOnly);
}

/** Whether the resource's screens show a map (and so load Leaflet). */
export const hasMap = (def: ResourceDef) => !!def.config.map || polygonFieldOf(def) !== undefined;
