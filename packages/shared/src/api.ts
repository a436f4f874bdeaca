import { z } from 'zod';

/**
 * The shapes of the API's answers (DESIGN.md), shared by the server (its OpenAPI document) and the
 * web client, so neither retypes them. Every answer is an envelope whose `code` equals the HTTP status.
 */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** A list's paging: a page answer holds page and total; a cursor answer (`?cursor=`) holds next_cursor and `page: null`. */
export const paginationSchema = z.object({
  page: z.number().int().nullable(),
  limit: z.number().int(),
  total: z.number().int().nullable(),
  total_pages: z.number().int().nullable(),
  next_cursor: z.string().nullable(),
  /** the total was capped (COUNT_CAP) or read from the planner's statistics */
  total_is_estimate: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export interface ListData<T> {
  entries: T[];
  pagination: Pagination;
}

export interface EntryData<T> {
  entry: T;
}

export interface FieldError {
  field: string;
  message: string;
}

/** `/count` routes: capped or estimated like list totals. */
export interface CountData {
  count: number;
  count_is_estimate: boolean;
}
