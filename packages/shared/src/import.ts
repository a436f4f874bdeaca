/** The answer of POST /api/admin/{name}/import: what a dry run would write, or what was written. */
export interface RowError {
  row: number;
  field: string;
  /** the column's header in the file (the field's label) */
  column?: string;
  message: string;
}
export interface RowReport {
  row: number;
  key: string;
  action: 'create' | 'update' | 'unchanged' | 'error';
  id?: number;
  /** the resource written, when an import spans several */
  target?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
}
export interface ImportSummary {
  dry_run: boolean;
  written: boolean;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
  rows: RowReport[];
  ignored_columns: string[];
}
