import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@nns/shared';
import { Alert, Button, Modal, Space, Upload } from 'antd';
import { useSession } from '../session';
import type { ImportRoute } from './import-api';
import { ImportResult } from './import-result';
import { useImport } from './use-import';

/** An import a screen or a feature adds beside a list (a module's own route rather than the declared `import`). */
export interface ImportSpec {
  /** the resource whose route it is; defaults to the list's */
  resource?: string;
  /** the import's path under /api/admin/{resource}; '/import' by default */
  path?: string;
  /** its template's path under /api/admin/{resource}; '/import-template' by default */
  templatePath?: string;
  /** the downloaded template's file name */
  fileName?: string;
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

export interface ImportButtonProps extends ImportSpec {
  def: ResourceDef;
}

/** The imports features add to the generic lists, by resource name (installed by the app from each defineFeature's `listImports`). */
let listImports: Record<string, ImportSpec[]> = {};
export function registerListImports(map: Record<string, ImportSpec[]>) {
  listImports = map;
}

const HINT =
  'Dùng tệp xuất từ danh sách hoặc tệp mẫu. Dòng có mã đã tồn tại sẽ được cập nhật, mã mới sẽ được thêm. Hệ thống kiểm tra toàn bộ tệp trước, không ghi gì nếu còn lỗi.';
const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 'Nhập Excel': upload a file, see the dry run (counts, per-row errors, the change of each row), then
 * confirm to write it. Shown to holders of create on the subject, for declarations with `import`.
 */
export function SingleImportButton({
  def,
  resource,
  path,
  templatePath,
  fileName,
  title,
  labels,
  invalidate = [],
  buttonText = 'Nhập Excel',
  hint = HINT,
}: ImportButtonProps) {
  const { can } = useSession();
  const route: ImportRoute = { resource: resource ?? def.name, path: path ?? '/import', templatePath: templatePath ?? '/import-template' };
  const { open, setOpen, file, choose, summary, fileError, reset, close, run, confirmWrite, canWrite, template } = useImport(def, route, invalidate);
  if ((!def.config.import && !path) || !can('create', def.subject)) return null;
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
            onClick={() => void template(fileName ?? `mau-nhap-${path ? 'danh-muc' : def.name}.xlsx`)}
          >
            Tải tệp mẫu
          </Button>
          <Upload.Dragger
            accept={XLSX}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              choose(f);
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

/**
 * The import buttons of a list: with only `def`, the generic import (when the declaration has
 * `import`) and the imports features register for that list; with `path`, just that one.
 */
export function ImportButton(props: ImportButtonProps) {
  if (props.path) return <SingleImportButton {...props} />;
  return (
    <>
      {props.def.config.import && <SingleImportButton def={props.def} />}
      {(listImports[props.def.name] ?? []).map((x) => (
        <SingleImportButton key={`${x.resource ?? props.def.name}${x.path}`} def={props.def} {...x} />
      ))}
    </>
  );
}
