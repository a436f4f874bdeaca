import type { FieldError } from '@nns/shared';

/** The `{field, message}` list of a refused answer (400): a typed call's `data` is the success answer's type, so an error's is read as the API sends it. */
export const refusals = (env: { data?: unknown } | null | undefined): FieldError[] => (env?.data as { errors?: FieldError[] } | null | undefined)?.errors ?? [];
