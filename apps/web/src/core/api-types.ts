/** The API's answer shapes come from the shared contract (packages/shared/src/api.ts), never retyped here. */
export type { CountData, EntryData, FieldError, ListData, Pagination } from '@nns/shared';
