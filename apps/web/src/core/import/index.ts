export { type ImportSummary, type RowError, type RowReport, sendImport } from './import-api';
export { ImportButton, type ImportButtonProps, type ImportSpec, registerListImports, SingleImportButton } from './import-button';
export { ImportResult } from './import-result';
