/** List answers: data.entries + data.pagination (DESIGN.md). */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  next_cursor?: string | null;
  total_is_estimate?: boolean;
}

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
