import { permissionCatalogue } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../core/api';

export interface Perm {
  action: string;
  subject: string;
}
export interface Catalogue {
  actions: { key: string; label: string }[];
  areas: { key: string; label: string; subjects: { key: string; label: string }[] }[];
  roles: { id: number; name: string; status: string; is_full: boolean }[];
  granted?: Perm[];
}

export const permKey = (p: Perm) => `${p.action}:${p.subject}`;
export const toKeys = (ps: Perm[] | null | undefined) => new Set((ps ?? []).map(permKey));
export const toPerms = (keys: Set<string>): Perm[] =>
  [...keys].sort().map((k) => {
    const [action, subject] = k.split(':');
    return { action, subject };
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
    queryFn: ({ signal }) => api.get<Catalogue>('/api/admin/permissions', { params: roleId ? { role_id: roleId } : undefined, signal }),
    staleTime: 0,
  });
}
