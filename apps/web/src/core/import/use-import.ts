import type { ResourceDef } from '@nns/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDialog, notify, withLoading } from '../feedback';
import { queryKeys } from '../query';
import { downloadTemplate, type ImportRoute, type ImportSummary, isSummary, sendImport } from './import-api';

/**
 * What an import dialog does, apart from its markup: the chosen file, its dry run (the summary or why
 * the file cannot be read), the confirmed write and the lists it refreshes, the template download.
 */
export function useImport(def: ResourceDef, route: ImportRoute, invalidate: string[]) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setSummary(null);
    setFileError(null);
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  async function run(dryRun: boolean) {
    if (!file) return;
    const env = await withLoading(sendImport(route, file, dryRun));
    if (isSummary(env?.data)) {
      setSummary(env.data);
      setFileError(null);
    } else {
      setSummary(null);
      const errs = env?.data?.errors;
      setFileError(errs?.map((e) => e.message).join('; ') || env?.message || 'Không đọc được tệp');
    }
    if (!dryRun && env?.code === 200) {
      notify.success(
        `Đã nhập: thêm mới ${env.data && isSummary(env.data) ? env.data.created : 0}, cập nhật ${env.data && isSummary(env.data) ? env.data.updated : 0}`,
      );
      for (const name of [def.name, ...invalidate]) await qc.invalidateQueries({ queryKey: queryKeys(name).all });
    } else if (!dryRun) notify.error(env?.message || 'Không nhập được tệp');
  }

  async function confirmWrite() {
    if (!summary) return;
    const ok = await confirmDialog({
      title: 'Nhập dữ liệu',
      content: `Ghi ${summary.created} bản ghi mới và cập nhật ${summary.updated} bản ghi từ tệp “${file?.name}”?`,
    });
    if (ok) await run(false);
  }

  const canWrite = !!summary && !summary.written && summary.errors.length === 0 && summary.created + summary.updated > 0;

  return {
    open,
    setOpen,
    file,
    /** a new file: the last one's results go */
    choose: (f: File) => {
      reset();
      setFile(f);
    },
    summary,
    fileError,
    reset,
    close,
    run,
    confirmWrite,
    canWrite,
    template: async (fileName: string) => (await downloadTemplate(route, fileName)) || notify.error('Không tải được tệp mẫu'),
  };
}
