import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DiaryInput } from '@nns/shared/culture';
import { Button, Card, Col, Input, InputNumber, Row, Space, Tag, Typography } from 'antd';

type Item = Partial<DiaryInput>;

/** A caption above each box: once a box is filled its placeholder is gone, and on a phone the boxes stack. */
const Caption = ({ children }: { children: string }) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
    {children}
  </Typography.Text>
);

/**
 * The inputs of a diary entry as rows a field officer fills on a phone: one small card per input,
 * fields stacked on narrow screens; the pre-harvest interval only matters for plant-protection products.
 */
export function DiaryInputsInput({ value, onChange, id }: { value?: Item[] | null; onChange?: (v: Item[] | null) => void; id?: string }) {
  const rows = Array.isArray(value) ? value : [];
  const set = (next: Item[]) => onChange?.(next.length ? next : null);
  const patch = (i: number, p: Item) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const text = (v: string) => (v.trim() === '' ? null : v);
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} data-testid="diary-inputs">
      {rows.map((r, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          key={i}
          size="small"
          title={`Vật tư ${i + 1}`}
          extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={`Xóa vật tư ${i + 1}`} onClick={() => set(rows.filter((_, j) => j !== i))} />}
        >
          <Row gutter={[8, 8]}>
            <Col xs={24} md={8}>
              <Caption>Tên vật tư</Caption>
              <Input
                aria-label="Tên vật tư"
                placeholder="Tên vật tư (VD: Phân NPK 16-16-8)"
                value={r.name ?? ''}
                onChange={(e) => patch(i, { name: e.target.value })}
              />
            </Col>
            <Col xs={24} md={8}>
              <Caption>Hoạt chất</Caption>
              <Input
                aria-label="Hoạt chất"
                placeholder="Hoạt chất (thuốc BVTV)"
                value={r.active_ingredient ?? ''}
                onChange={(e) => patch(i, { active_ingredient: text(e.target.value) })}
              />
            </Col>
            <Col xs={24} md={8}>
              <Caption>Nhà cung cấp</Caption>
              <Input
                aria-label="Nhà cung cấp"
                placeholder="Nhà cung cấp"
                value={r.supplier ?? ''}
                onChange={(e) => patch(i, { supplier: text(e.target.value) })}
              />
            </Col>
            <Col xs={12} md={6}>
              <Caption>Lượng dùng</Caption>
              <InputNumber
                aria-label="Lượng dùng"
                placeholder="Lượng"
                style={{ width: '100%' }}
                min={0}
                decimalSeparator=","
                inputMode="decimal"
                value={r.amount ?? null}
                onChange={(v) => patch(i, { amount: v ?? null })}
              />
            </Col>
            <Col xs={12} md={6}>
              <Caption>Đơn vị</Caption>
              <Input aria-label="Đơn vị" placeholder="Đơn vị (kg, lít…)" value={r.unit ?? ''} onChange={(e) => patch(i, { unit: text(e.target.value) })} />
            </Col>
            <Col xs={24} md={12}>
              <Caption>Thời gian cách ly (ngày)</Caption>
              <InputNumber
                aria-label="Thời gian cách ly (ngày)"
                placeholder="Thời gian cách ly (thuốc BVTV)"
                style={{ width: '100%' }}
                min={0}
                max={365}
                precision={0}
                inputMode="numeric"
                addonAfter="ngày"
                value={r.phi_days ?? null}
                onChange={(v) => patch(i, { phi_days: v ?? null })}
              />
            </Col>
          </Row>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => set([...rows, { name: '' }])}>
        Thêm vật tư
      </Button>
    </Space>
  );
}

const amountText = (r: Item) => (r.amount != null ? `${String(r.amount).replace('.', ',')}${r.unit ? ` ${r.unit}` : ''}` : '');

/** Read-only: one line per input, the pre-harvest interval as a red tag. */
export function DiaryInputsView({ value, compact }: { value: unknown; compact?: boolean }) {
  const rows = Array.isArray(value) ? (value as Item[]) : [];
  if (!rows.length) return <Typography.Text type="secondary">Không có vật tư</Typography.Text>;
  return (
    <Space direction="vertical" size={compact ? 0 : 4}>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <span key={i}>
          <Typography.Text strong>{r.name}</Typography.Text>
          {r.active_ingredient ? <Typography.Text type="secondary"> ({r.active_ingredient})</Typography.Text> : null}
          {amountText(r) ? ` – ${amountText(r)}` : ''}
          {!compact && r.supplier ? <Typography.Text type="secondary"> · {r.supplier}</Typography.Text> : null}
          {r.phi_days != null ? (
            <Tag color="red" style={{ marginLeft: 6 }}>
              Cách ly {r.phi_days} ngày
            </Tag>
          ) : null}
        </span>
      ))}
    </Space>
  );
}
