import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, Row, Space, Typography } from 'antd';

interface Item {
  name?: string;
  address?: string | null;
  phone?: string | null;
}

/** The distributors of a trace: one small card per distributor (name, address, phone). */
export function TraceDistributorsInput({ value, onChange, id }: { value?: Item[] | null; onChange?: (v: Item[] | null) => void; id?: string }) {
  const rows = Array.isArray(value) ? value : [];
  const set = (next: Item[]) => onChange?.(next.length ? next : null);
  const patch = (i: number, p: Item) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const text = (v: string) => (v.trim() === '' ? null : v);
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} data-testid="trace-distributors">
      {rows.map((r, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          key={i}
          size="small"
          title={`Nhà phân phối ${i + 1}`}
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Xóa nhà phân phối ${i + 1}`}
              onClick={() => set(rows.filter((_, j) => j !== i))}
            />
          }
        >
          <Row gutter={[8, 8]}>
            <Col xs={24} md={8}>
              <Input
                aria-label={`Tên nhà phân phối ${i + 1}`}
                placeholder="Tên nhà phân phối"
                value={r.name ?? ''}
                onChange={(e) => patch(i, { name: e.target.value })}
              />
            </Col>
            <Col xs={24} md={10}>
              <Input
                aria-label={`Địa chỉ nhà phân phối ${i + 1}`}
                placeholder="Địa chỉ"
                value={r.address ?? ''}
                onChange={(e) => patch(i, { address: text(e.target.value) })}
              />
            </Col>
            <Col xs={24} md={6}>
              <Input
                aria-label={`Số điện thoại nhà phân phối ${i + 1}`}
                placeholder="Số điện thoại"
                inputMode="tel"
                value={r.phone ?? ''}
                onChange={(e) => patch(i, { phone: text(e.target.value) })}
              />
            </Col>
          </Row>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => set([...rows, { name: '' }])}>
        Thêm nhà phân phối
      </Button>
    </Space>
  );
}

/** Read-only: one line per distributor. */
export function TraceDistributorsView({ value }: { value: unknown }) {
  const rows = Array.isArray(value) ? (value as Item[]) : [];
  if (!rows.length) return <Typography.Text type="secondary">Không có nhà phân phối</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <span key={i}>
          <Typography.Text strong>{r.name}</Typography.Text>
          {r.address ? ` – ${r.address}` : ''}
          {r.phone ? <Typography.Text type="secondary"> · {r.phone}</Typography.Text> : null}
        </span>
      ))}
    </Space>
  );
}
