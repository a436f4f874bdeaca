import { ACTIONS, type Action, permissionCatalogue, SUBJECTS, type Subject } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { type AnswerData, client, type RequestBody } from '../../core/client';

/** A permission as a role is given it. */
export type Perm = RequestBody<'/api/admin/roles/{id}/permissions', 'put'>['permissions'][number];
export type Catalogue = AnswerData<'/api/admin/permissions', 'get'>;
/** a permission as the API answers it (a role's, the catalogue's) */
export type HeldPerm = { action: string; subject: string };

const isAction = (a: string): a is Action => (ACTIONS as readonly string[]).includes(a);
const isSubject = (s: string): s is Subject => Object.hasOwn(SUBJECTS, s);

export const permKey = (p: HeldPerm) => `${p.action}:${p.subject}`;
export const toKeys = (ps: HeldPerm[] | null | undefined) => new Set((ps ?? []).map(permKey));
/** the matrix's keys (`action:subject`, all of the shared catalogue) as the API takes them */
export const toPerms = (keys: Set<string>): Perm[] =>
  [...keys].sort().flatMap((k) => {
    const [action, subject] = k.split(':');
    return isAction(action) && isSubject(subject) ? [{ action, subject }] : [];
  });

/**
 * The matrix's rows and columns, from the shared contract: the role screens need no request (and no
 * list:permissions) to show them.
 */
export const MATRIX: Pick<Catalogue, 'actions' | 'areas'> = permissionCatalogue();

/** GET /api/admin/permissions (list:permissions, the permissions screen): the action × subject catalogue with Vietnamese captions (and a role's granted set). */
export function useCatalogue(roleId?: number | string | null) {
  return useQuery({
    queryKey: ['permissions', 'catalogue', roleId ?? null],
    queryFn: ({ signal }) => client.GET('/api/admin/permissions', { params: { query: roleId ? { role_id: Number(roleId) } : undefined }, signal }),
    staleTime: 0,
  });
}
