const ids = new WeakMap<object, number>();
let next = 0;

/**
 * A small number per object, the same for its whole life. Process-wide answer caches put the id of
 * their app's database handle in their keys, so two apps in one process (the API tests run many in
 * one worker) never serve each other's answers. A server has one app: its id is always 1.
 */
export function instanceId(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++next));
  return id;
}
