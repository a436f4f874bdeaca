import { type FieldDef, formatDate, formatDateTime, formatMoney, formatNumber, NO_DATA, thumbnailUrlOf } from '@nns/shared';
import { Image, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { refObjectKey, refsItemsKey } from './form-mapping';
import { jsonShapeWidgets } from './json-shapes';
import './rich-text-view.css';

export type Row = Record<string, unknown> & { id: number | string };

/** Columns every table has besides its declared fields. */
export const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { kind: 'integer', label: 'ID' },
  created_at: { kind: 'datetime', label: 'Ngày tạo' },
  updated_at: { kind: 'datetime', label: 'Ngày cập nhật' },
};

export const YES = 'Có';
export const NO = 'Không';

export function fieldOf(fields: Record<string, FieldDef>, key: string): FieldDef | undefined {
  return fields[key] ?? SYSTEM_FIELDS[key];
}

/** Text of a ref column: the API attaches `{id, <refLabel>}` under the field name minus `_id`. */
export function refText(row: Record<string, unknown>, key: string, f: FieldDef): string {
  const obj = row[refObjectKey(key)] as Record<string, unknown> | null | undefined;
  const label = obj && typeof obj === 'object' ? obj[f.refLabel ?? 'name'] : undefined;
  if (label !== undefined && label !== null) return String(label);
  const id = row[key];
  return id === null || id === undefined ? '' : `#${id}`;
}

export function refsTexts(row: Record<string, unknown>, key: string, f: FieldDef): string[] {
  const items = row[refsItemsKey(key)];
  if (!Array.isArray(items)) return [];
  return items.map((x) => String((x as Record<string, unknown>)?.[f.refLabel ?? 'name'] ?? (x as { id?: unknown })?.id ?? ''));
}

export function fileName(url: string): string {
  return decodeURIComponent(url.split('?')[0].split('/').pop() || url);
}

/**
 * A stored image at `size` px: the 320 px thumbnail the upload made (derived from the file's URL,
 * thumbnailUrlOf), the full image on click (antd preview), and the full image again if a thumbnail is missing.
 */
export function Thumbnail({ url, size, alt = '' }: { url: string; size: number; alt?: string }) {
  return (
    <Image
      src={thumbnailUrlOf(url)}
      fallback={url}
      preview={{ src: url }}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      alt={alt}
    />
  );
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A value as the list and the detail show it. `where` picks the density: the list gets small
 * thumbnails and short text, the detail the whole thing and 'Không có dữ liệu' for blanks.
 */
export function renderValue(row: Record<string, unknown>, key: string, f: FieldDef, where: 'list' | 'detail'): ReactNode {
  const v = row[key];
  const noDate = <Typography.Text type="secondary">{NO_DATA}</Typography.Text>;
  const empty = where === 'detail' ? noDate : null;
  switch (f.kind) {
    // spec §9: empty and zero dates read 'Không có dữ liệu', in lists too
    case 'date':
    case 'datetime': {
      const text = (f.kind === 'date' ? formatDate : formatDateTime)(isEmpty(v) ? null : (v as string));
      return text === NO_DATA ? noDate : text;
    }
    case 'money':
      return isEmpty(v) ? empty : formatMoney(Number(v));
    case 'integer':
      // an id or a year is a name, not a quantity: no thousands separator ('2026', not '2.026')
      return isEmpty(v) ? empty : key === 'id' || key === 'year' ? String(v) : formatNumber(Number(v), 0);
    case 'float':
      return isEmpty(v) ? empty : formatNumber(Number(v), 6);
    case 'enum': {
      if (isEmpty(v)) return empty;
      const o = f.options?.find((x) => x.value === v);
      return <Tag color={o?.color}>{o?.label ?? String(v)}</Tag>;
    }
    case 'switch':
      return isEmpty(v) ? empty : <Tag color={v ? 'green' : 'default'}>{v ? YES : NO}</Tag>;
    case 'ref': {
      const t = refText(row, key, f);
      return t || empty;
    }
    case 'refs': {
      const ts = refsTexts(row, key, f);
      return ts.length ? (
        <Space size={[4, 4]} wrap>
          {ts.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat and never reorder
            <Tag key={`${t}-${i}`}>{t}</Tag>
          ))}
        </Space>
      ) : (
        empty
      );
    }
    case 'image':
    case 'images': {
      const urls = (Array.isArray(v) ? v : isEmpty(v) ? [] : [v]).filter((u): u is string => typeof u === 'string');
      if (!urls.length) return empty;
      // a list row shows the first thumbnail; the preview (on click) pages through every full image ('1 / 3')
      const shown = where === 'list' ? urls.slice(0, 1) : urls;
      return (
        <Image.PreviewGroup items={urls}>
          <Space size={4} wrap={where === 'detail'}>
            {shown.map((u) => (
              <Thumbnail key={u} url={u} size={where === 'list' ? 40 : 96} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    }
    case 'file':
    case 'files': {
      const urls = (Array.isArray(v) ? v : isEmpty(v) ? [] : [v]).filter((u): u is string => typeof u === 'string');
      if (!urls.length) return empty;
      return (
        <Space direction="vertical" size={0}>
          {urls.map((u) => (
            <a key={u} href={u} target="_blank" rel="noreferrer">
              {fileName(u)}
            </a>
          ))}
        </Space>
      );
    }
    case 'richtext':
      if (isEmpty(v)) return empty;
      if (where === 'list') return <Typography.Text ellipsis>{String(v).replace(/<[^>]*>/g, ' ')}</Typography.Text>;
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises rich text before storing it (issue 5 §4)
      return <div className="nns-richtext" dangerouslySetInnerHTML={{ __html: String(v) }} />;
    case 'textarea':
      if (isEmpty(v)) return empty;
      return where === 'list' ? (
        <Typography.Text ellipsis style={{ maxWidth: 320 }}>
          {String(v)}
        </Typography.Text>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{String(v)}</Typography.Paragraph>
      );
    case 'polygon':
      return isEmpty(v) ? empty : 'Đã vẽ ranh giới';
    case 'json': {
      // a shape with a registered view (json-shapes.ts) gets it; others show as indented JSON
      const shape = jsonShapeWidgets(f.shape);
      if (isEmpty(v)) return empty;
      if (shape) return <shape.View value={v} compact={where === 'list'} />;
      return <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(v, null, 2)}</pre>;
    }
    case 'password':
      return null;
    default:
      return isEmpty(v) ? empty : String(v);
  }
}
