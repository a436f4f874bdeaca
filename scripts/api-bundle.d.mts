// Types of api-bundle.mjs for the TypeScript that imports it (apps/api/test/bundle-build.ts).
export const root: string;
export const API_ENTRIES: { server: string; backup: string; restore: string };
export const API_DIST: string;
export function buildApi(outdir: string, entries?: Record<string, string>): Promise<void>;
export function sourcesTime(): number;
export function staleReason(outdir?: string): string | null;
export function ensureApiBundle(options?: { outdir?: string; log?: (message: string) => void }): Promise<boolean>;
export function runEntry(name: string, args?: string[], outdir?: string): import('node:child_process').ChildProcess;
