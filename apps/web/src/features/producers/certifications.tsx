import { DeleteOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { Certification } from '@nns/shared/producers';
import { CERTIFICATION_TYPES } from '@nns/shared/producers';
import { Button, DatePicker, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

type Row = Partial<Certification>;

const typeLabel = (t: unknown) => CERTIFICATION_TYPES.find((o) => o.value === t)?.label ?? String(t ?? '');
const typeColor = (t: unknown) => CERTIFICATION_TYPES.find((o) => o.value === t)?.color;
const toDay = (v: string | null | undefined) => (v ? dayjs.utc(v) : null);
const fromDay = (d: dayjs.Dayjs | null) => (d ? `${d.format('YYYY-MM-DD')}T00:00:00Z` : null);

/** The certifications of a producer, area or product, edited as rows instead of JSON. */
export function CertificationsInput({ value, onChange, id }: { value?: Row[] | null; onChange?: (v: Row[] | null) => void; id?: string }) {
  const rows = Array.isArray(value) ? value : [];
  const set = (next: Row[]) => onChange?.(next.length ? next : null);
  const patch = (i: number, p: Row) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} data-testid="certifications">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Space key={i} wrap align="start" style={{ width: '100%' }}>
          <Select
            aria-label="Loại chứng nhận"
            style={{ width: 150 }}
            value={r.type}
            placeholder="Loại"
            options={CERTIFICATION_TYPES.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(type) => patch(i, { type, stars: type === 'ocop' ? (r.stars ?? 3) : null })}
          />
          <InputNumber
            aria-label="Số sao OCOP"
            style={{ width: 100 }}
            min={3}
            max={5}
            precision={0}
            disabled={r.type !== 'ocop'}
            value={r.stars ?? null}
            addonAfter="sao"
            onChange={(stars) => patch(i, { stars: stars ?? null })}
          />
          <Input
            aria-label="Số chứng nhận"
            style={{ width: 170 }}
            placeholder="Số chứng nhận"
            value={r.number ?? ''}
            onChange={(e) => patch(i, { number: e.target.value || null })}
          />
          <Input
            aria-label="Tổ chức cấp"
            style={{ width: 240 }}
            placeholder="Tổ chức cấp"
            value={r.issuer ?? ''}
            onChange={(e) => patch(i, { issuer: e.target.value || null })}
          />
          <DatePicker
            aria-label="Hiệu lực đến"
            format="DD/MM/YYYY"
            placeholder="Hiệu lực đến"
            value={toDay(r.valid_until)}
            onChange={(d) => patch(i, { valid_until: fromDay(d) })}
          />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label="Xóa chứng nhận" onClick={() => set(rows.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => set([...rows, { type: 'vietgap' }])}>
        Thêm chứng nhận
      </Button>
    </Space>
  );
}

/** Read-only form: one tag per certificate with its number, issuer and validity. */
export function CertificationsView({ value, compact }: { value: unknown; compact?: boolean }) {
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  if (!rows.length) return <Typography.Text type="secondary">Không có dữ liệu</Typography.Text>;
  if (compact) {
    return (
      <Space size={4} wrap>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Tag key={i} color={typeColor(r.type)}>
            {typeLabel(r.type)}
            {r.type === 'ocop' && r.stars ? ` ${r.stars}★` : ''}
          </Tag>
        ))}
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={4}>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Space key={i} size={6} wrap>
          <SafetyCertificateOutlined />
          <Tag color={typeColor(r.type)}>
            {typeLabel(r.type)}
            {r.type === 'ocop' && r.stars ? ` ${r.stars} sao` : ''}
          </Tag>
          {r.number && <Typography.Text>Số {r.number}</Typography.Text>}
          {r.issuer && <Typography.Text type="secondary">— {r.issuer}</Typography.Text>}
          {r.valid_until && <Typography.Text type="secondary">(hiệu lực đến {toDay(r.valid_until)?.format('DD/MM/YYYY')})</Typography.Text>}
        </Space>
      ))}
    </Space>
  );
}
