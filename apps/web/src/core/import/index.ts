export { type ImportSummary, type RowError, type RowReport, sendImport } from './import-api';
export { ImportButton, type ImportButtonProps, SingleImportButton } from './import-button';
export { ImportResult } from './import-result';
