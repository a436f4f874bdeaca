import type { ResourceDef } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';

type Values = Record<string, unknown> | null | undefined;

/**
 * The filters a reference picker sends besides the typed text: another reference of the same record
 * that the target can be filtered by. A ward picker beside a chosen province asks only for that
 * province's wards (`province_id`), a district picker too; 3,321 wards stay a short, searchable list.
 */
export function refNarrowing(def: ResourceDef, key: string, values: Values): Record<string, string> {
  const f = def.fields[key];
  const target = f?.ref ? resourceByName[f.ref] : undefined;
  if (!target || !values) return {};
  const out: Record<string, string> = {};
  for (const [other, g] of Object.entries(def.fields)) {
    if (other === key || g.kind !== 'ref' || !g.ref) continue;
    const t = target.fields[other];
    if (t?.kind !== 'ref' || t.ref !== g.ref || !t.filter) continue;
    const v = values[other];
    if (v === null || v === undefined || v === '') continue;
    out[other] = String(v);
  }
  return out;
}

/** The references of `def` narrowed by `changed` (a picked province empties the ward picked before). */
export function narrowedBy(def: ResourceDef, changed: string): string[] {
  return Object.keys(def.fields).filter((k) => k !== changed && Object.keys(refNarrowing(def, k, { [changed]: 1 })).includes(changed));
}
