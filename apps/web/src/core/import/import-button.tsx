import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { confirmDialog, notify, withLoading } from '../feedback';
import { queryKeys } from '../query';
import { useSession } from '../session';
import { downloadTemplate, type ImportSummary, isSummary, sendImport } from './import-api';
import { ImportResult } from './import-result';

export interface ImportButtonProps {
  def: ResourceDef;
  /** defaults to POST /api/admin/{name}/import */
  url?: string;
  /** defaults to GET /api/admin/{name}/import-template */
  templateUrl?: string;
  title?: string;
  /** caption of each field in the error table; defaults to the declaration's labels */
  labels?: Record<string, string>;
  /** other resources whose lists change too (an areas import writes provinces, districts and wards) */
  invalidate?: string[];
  /** caption of the button; 'Nhập Excel' by default */
  buttonText?: string;
  /** what the file must hold, above the upload */
  hint?: string;
}

const HINT =
  'Dùng tệp xuất từ danh sách hoặc tệp mẫu. Dòng có mã đã tồn tại sẽ được cập nhật, mã mới sẽ được thêm. Hệ thống kiểm tra toàn bộ tệp trước, không ghi gì nếu còn lỗi.';
const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 'Nhập Excel': upload a file, see the dry run (counts, per-row errors, the change of each row), then
 * confirm to write it. Shown to holders of create on the subject, for declarations with `import`.
 */
export function SingleImportButton({ def, url, templateUrl, title, labels, invalidate = [], buttonText = 'Nhập Excel', hint = HINT }: ImportButtonProps) {
  const { can } = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const target = url ?? `/api/admin/${def.name}/import`;
  if ((!def.config.import && !url) || !can('create', def.subject)) return null;

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
    const env = await withLoading(sendImport(target, file, dryRun));
    if (isSummary(env?.data)) {
      setSummary(env.data);
      setFileError(null);
    } else {
      setSummary(null);
      const errs = (env?.data as { errors?: { message: string }[] } | null)?.errors;
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
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {buttonText}
      </Button>
      <Modal
        open={open}
        width={900}
        title={title ?? `Nhập Excel: ${def.label.toLowerCase()}`}
        onCancel={close}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={close}>{summary?.written ? 'Đóng' : 'Hủy'}</Button>
            {!summary?.written && (
              <Button disabled={!file} onClick={() => void run(true)}>
                Kiểm tra tệp
              </Button>
            )}
            {!summary?.written && (
              <Button type="primary" disabled={!canWrite} onClick={() => void confirmWrite()}>
                Nhập dữ liệu
              </Button>
            )}
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="info" showIcon message={hint} />
          <Button
            type="link"
            icon={<DownloadOutlined />}
            style={{ paddingInline: 0 }}
            onClick={() =>
              void downloadTemplate(templateUrl ?? `/api/admin/${def.name}/import-template`, `mau-nhap-${url ? 'danh-muc' : def.name}.xlsx`).then(
                (ok) => ok || notify.error('Không tải được tệp mẫu'),
              )
            }
          >
            Tải tệp mẫu
          </Button>
          <Upload.Dragger
            accept={XLSX}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              reset();
              setFile(f);
              return false;
            }}
            onRemove={() => reset()}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Kéo thả tệp Excel (.xlsx) vào đây hoặc bấm để chọn tệp</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon message={fileError} />}
          {summary && <ImportResult summary={summary} labels={labels ?? def.labels} />}
        </Space>
      </Modal>
    </>
  );
}

/** Imports written by hand beside a register, shown next to its generic one. */
const EXTRA: Record<string, Omit<ImportButtonProps, 'def'>[]> = {};
const UNITS: Omit<ImportButtonProps, 'def'> = {
  url: '/api/admin/provinces/import-units',
  templateUrl: '/api/admin/provinces/import-units-template',
  title: 'Nhập danh mục đơn vị hành chính (Mã, Tên, Cấp, Mã cấp trên)',
  buttonText: 'Nhập danh mục ĐVHC',
  hint: 'Tệp gồm các cột Mã, Tên, Cấp, Mã cấp trên theo danh mục chính thức. Đơn vị không có mã cấp trên là tỉnh/thành phố; phường, xã, đặc khu có thể trực thuộc thẳng tỉnh (từ 01/7/2025) hoặc thuộc quận/huyện. Trùng mã thì cập nhật, mã mới thì thêm; không ghi gì nếu tệp còn lỗi.',
  labels: { code: 'Mã', name: 'Tên', level: 'Cấp', parent: 'Mã cấp trên', province_id: 'Tỉnh/thành phố', district_id: 'Quận/huyện' },
  invalidate: ['provinces', 'districts', 'wards'],
};
for (const name of ['provinces', 'districts', 'wards']) EXTRA[name] = [UNITS];
EXTRA['discharge-limits'] = [
  {
    url: '/api/admin/discharge-limits/import',
    templateUrl: '/api/admin/discharge-limits/import-template',
    title: 'Nhập Excel bảng giới hạn nước thải (QCVN)',
    buttonText: 'Nhập Excel giới hạn',
    hint: 'Mỗi dòng một thông số của một quy chuẩn và cột (ví dụ QCVN 40:2025/BTNMT, cột A). Trùng quy chuẩn, cột và thông số thì cập nhật; các công trình dùng quy chuẩn đó được đánh giá lại. Không ghi gì nếu tệp còn lỗi.',
    invalidate: ['discharge-limits', 'discharge-traffic', 'discharge-constructs'],
  },
];

/**
 * The import buttons of a list: with only `def`, the generic import (when the declaration has
 * `import`) and any hand-written import of that register; with `url`, just that one.
 */
export function ImportButton(props: ImportButtonProps) {
  if (props.url) return <SingleImportButton {...props} />;
  return (
    <>
      {props.def.config.import && <SingleImportButton def={props.def} />}
      {(EXTRA[props.def.name] ?? []).map((x) => (
        <SingleImportButton key={x.url} def={props.def} {...x} />
      ))}
    </>
  );
}
