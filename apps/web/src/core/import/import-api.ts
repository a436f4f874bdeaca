import type { ImportSummary, RowError } from '@nns/shared';
import { buildUrl, type Envelope, NETWORK_ERROR } from '../api';
import { getToken } from '../session';

export type { ImportSummary, RowError, RowReport } from '@nns/shared';

const auth = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** POSTs the file as multipart field `file`; a dry run writes nothing. A file with errors answers 400 with the same summary. */
export async function sendImport(url: string, file: File, dryRun: boolean): Promise<Envelope<ImportSummary | { errors: RowError[] } | null>> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  try {
    const res = await fetch(buildUrl(url, { dry_run: dryRun ? 1 : 0 }), { method: 'POST', headers: { Accept: 'application/json', ...auth() }, body: fd });
    return (await res.json()) as Envelope<ImportSummary>;
  } catch {
    return { code: 0, message: NETWORK_ERROR, data: null };
  }
}

/** Downloads the import template (it needs the session, so it is fetched, not linked). */
export async function downloadTemplate(url: string, fileName: string): Promise<boolean> {
  try {
    const res = await fetch(buildUrl(url), { headers: auth() });
    if (!res.ok) return false;
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
    return true;
  } catch {
    return false;
  }
}

export const isSummary = (d: unknown): d is ImportSummary => !!d && typeof d === 'object' && 'rows' in d && 'created' in d;
