import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { client } from '../client';
import { notify } from '../feedback';
import { fileName, Thumbnail } from './display';

export interface UploadFieldProps {
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  multiple?: boolean;
  kind: 'image' | 'file';
  /** most files of a multiple field */
  max?: number;
  id?: string;
  disabled?: boolean;
}

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Uploads to POST /api/admin/uploads (multipart `file`) and keeps the returned URLs as the value. */
export function UploadField({ value, onChange, multiple, kind, max = 20, id, disabled }: UploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const urls = (Array.isArray(value) ? value : value ? [value] : []).filter((u): u is string => typeof u === 'string' && u !== '');
  const full = multiple ? urls.length >= max : urls.length >= 1;

  const set = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? null));

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const list = Array.from(files).slice(0, multiple ? Math.max(0, max - urls.length) : 1);
    setBusy((b) => b + list.length);
    const added: string[] = [];
    for (const f of list) {
      const env = await client.upload(f);
      if (env?.code === 200 && env.data?.url) added.push(env.data.url);
      else notify.error(`Không tải lên được ${f.name}`, env?.message);
      setBusy((b) => b - 1);
    }
    if (added.length) set(multiple ? [...urls, ...added] : added);
    if (input.current) input.current.value = '';
  };

  const remove = (u: string) => set(urls.filter((x) => x !== u));
  const picker = (
    <input
      ref={input}
      id={id}
      type="file"
      style={{ display: 'none' }}
      multiple={multiple}
      accept={kind === 'image' ? IMAGE_ACCEPT : undefined}
      onChange={(e) => void onFiles(e.target.files)}
      data-testid="upload-input"
    />
  );

  if (kind === 'file') {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {urls.map((u) => (
          <Space key={u}>
            <PaperClipOutlined />
            <a href={u} target="_blank" rel="noreferrer">
              {fileName(u)}
            </a>
            {!disabled && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Xóa tệp" onClick={() => remove(u)} />}
          </Space>
        ))}
        {!full && !disabled && (
          <Button icon={<UploadOutlined />} loading={busy > 0} onClick={() => input.current?.click()}>
            {multiple ? 'Tải tệp lên' : urls.length ? 'Thay tệp' : 'Tải tệp lên'}
          </Button>
        )}
        {picker}
      </Space>
    );
  }

  const box = { width: 104, height: 104, borderRadius: 8 } as const;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Image.PreviewGroup>
        {urls.map((u) => (
          <div key={u} style={{ position: 'relative', ...box, border: '1px solid #d9d9d9', overflow: 'hidden' }}>
            <Thumbnail url={u} size={104} />
            {!disabled && (
              <Button
                size="small"
                shape="circle"
                danger
                icon={<DeleteOutlined />}
                aria-label="Xóa ảnh"
                onClick={() => remove(u)}
                style={{ position: 'absolute', top: 4, right: 4 }}
              />
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {!full && !disabled && (
        <button
          type="button"
          onClick={() => input.current?.click()}
          style={{
            ...box,
            border: '1px dashed #bfbfbf',
            background: '#fafafa',
            cursor: 'pointer',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 6,
          }}
        >
          {busy > 0 ? <Spin size="small" /> : <PlusOutlined />}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {busy > 0 ? 'Đang tải lên' : 'Tải ảnh lên'}
          </Typography.Text>
        </button>
      )}
      {picker}
    </div>
  );
}
