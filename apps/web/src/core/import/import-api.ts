import type { ImportSummary, RowError } from '@nns/shared';
import { type Envelope, fileForm, resourceCall, resourceDownload } from '../client';

export type { ImportSummary, RowError, RowReport } from '@nns/shared';

/** Where an import goes: a resource's route (`/import`, a module's own `/import-units`, `/import/{id}`). */
export interface ImportRoute {
  /** the resource whose routes these are */
  resource: string;
  /** the import's path under /api/admin/{resource} */
  path: string;
  /** its template's path under /api/admin/{resource} */
  templatePath: string;
}

/** POSTs the file as multipart field `file`; a dry run writes nothing. A file with errors answers 400 with the same summary. */
export function sendImport(route: ImportRoute, file: File, dryRun: boolean): Promise<Envelope<ImportSummary | { errors: RowError[] } | null>> {
  return resourceCall('post', route.resource, route.path, { params: { query: { dry_run: dryRun ? 1 : 0 } }, body: fileForm(file) });
}

/** Downloads the import template (it needs the session, so it is fetched, not linked). */
export async function downloadTemplate(route: ImportRoute, fileName: string): Promise<boolean> {
  const env = await resourceDownload(route.resource, route.templatePath);
  if (env?.code !== 200 || !(env.data instanceof Blob)) return false;
  const href = URL.createObjectURL(env.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return true;
}

export const isSummary = (d: unknown): d is ImportSummary => !!d && typeof d === 'object' && 'rows' in d && 'created' in d;
