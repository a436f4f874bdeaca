import { type ListPreference, listPreferenceSchema, type ResourceDef } from '@nns/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../client';
import { notify } from '../feedback';

export const prefsKey = (def: ResourceDef) => ['me', 'preferences', `list:${def.name}`] as const;

/**
 * The signed-in user's settings of one list (hidden columns, density, saved views), kept on the
 * server (GET/PUT /api/admin/me/preferences/list:<name>) so they follow the user to another device.
 * A change shows at once and is saved behind it; a refused save puts the last saved value back.
 */
export function useListPrefs(def: ResourceDef): [ListPreference, (patch: Partial<ListPreference>) => Promise<boolean>, boolean] {
  const qc = useQueryClient();
  const key = prefsKey(def);
  const path = { key: `list:${def.name}` };
  const queryFn = async ({ signal }: { signal?: AbortSignal }): Promise<ListPreference> => {
    const env = await client.GET('/api/admin/me/preferences/{key}', { params: { path }, signal });
    // the document types a stored value loosely (one route for every key): read it as this key's shape
    const value = env?.code === 200 ? listPreferenceSchema.safeParse(env.data?.value) : null;
    return value?.success ? value.data : {};
  };
  const q = useQuery({ queryKey: key, queryFn, staleTime: Number.POSITIVE_INFINITY });
  const prefs = q.data ?? {};
  async function save(patch: Partial<ListPreference>): Promise<boolean> {
    // what is stored first (a read still on its way is waited for): a change made before it lands
    // would be undone on screen by it, and would drop the settings it carries
    const before = (await qc.ensureQueryData({ queryKey: key, queryFn })) ?? {};
    const next = { ...before, ...patch };
    qc.setQueryData(key, next);
    const env = await client.PUT('/api/admin/me/preferences/{key}', { params: { path }, body: { value: next } });
    if (env?.code !== 200) {
      qc.setQueryData(key, before);
      notify.error(env?.message || 'Không lưu được thiết lập');
      return false;
    }
    return true;
  }
  return [prefs, save, q.isFetched];
}
