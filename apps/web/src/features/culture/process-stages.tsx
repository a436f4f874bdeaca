import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { client } from '../../core/client';

/** a stage as the form holds it */
export interface StageRow {
  id?: number;
  name?: string;
  duration_days?: number | null;
  expected_activities?: string | null;
  expected_inputs?: string | null;
  description?: string | null;
}

const FIELDS: (keyof StageRow)[] = ['id', 'name', 'duration_days', 'expected_activities', 'expected_inputs', 'description'];

/** The stages of a process as the form sends them: order is the place in the list. */
export const stagesBody = (rows: StageRow[] | undefined) =>
  (rows ?? []).map((r) => Object.fromEntries(FIELDS.filter((k) => r[k] !== undefined).map((k) => [k, typeof r[k] === 'string' && r[k] === '' ? null : r[k]])));

/** Ordered stages, moved up and down, added and removed; saved with the process in one call. */
function StagesEditor({ value, onChange }: { value?: StageRow[]; onChange?: (v: StageRow[]) => void }) {
  const rows = value ?? [];
  const set = (next: StageRow[]) => onChange?.(next);
  const patch = (i: number, p: StageRow) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    set(next);
  };
  const total = rows.reduce((n, r) => n + (r.duration_days ?? 0), 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="process-stages">
      {rows.map((r, i) => (
        <Card
          key={r.id ?? `new-${i}`}
          size="small"
          title={`Công đoạn ${i + 1}`}
          extra={
            <Space size={0}>
              <Button type="text" icon={<ArrowUpOutlined />} aria-label={`Đưa công đoạn ${i + 1} lên`} disabled={i === 0} onClick={() => move(i, -1)} />
              <Button
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`Đưa công đoạn ${i + 1} xuống`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
              />
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Xóa công đoạn ${i + 1}`} onClick={() => set(rows.filter((_, j) => j !== i))} />
            </Space>
          }
        >
          <Row gutter={[8, 8]}>
            <Col xs={24} md={16}>
              <Input
                aria-label={`Tên công đoạn ${i + 1}`}
                placeholder="Tên công đoạn"
                value={r.name ?? ''}
                onChange={(e) => patch(i, { name: e.target.value })}
              />
            </Col>
            <Col xs={24} md={8}>
              <InputNumber
                aria-label={`Thời gian công đoạn ${i + 1}`}
                placeholder="Thời gian"
                addonAfter="ngày"
                min={0}
                max={3650}
                precision={0}
                style={{ width: '100%' }}
                value={r.duration_days ?? null}
                onChange={(v) => patch(i, { duration_days: v })}
              />
            </Col>
            <Col xs={24} md={12}>
              <Input.TextArea
                aria-label={`Công việc dự kiến ${i + 1}`}
                placeholder="Công việc dự kiến"
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={r.expected_activities ?? ''}
                onChange={(e) => patch(i, { expected_activities: e.target.value })}
              />
            </Col>
            <Col xs={24} md={12}>
              <Input.TextArea
                aria-label={`Vật tư dự kiến ${i + 1}`}
                placeholder="Vật tư dự kiến"
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={r.expected_inputs ?? ''}
                onChange={(e) => patch(i, { expected_inputs: e.target.value })}
              />
            </Col>
          </Row>
        </Card>
      ))}
      <Space wrap>
        <Button icon={<PlusOutlined />} onClick={() => set([...rows, { name: '', duration_days: null }])}>
          Thêm công đoạn
        </Button>
        <Typography.Text type="secondary">Tổng thời gian: {total} ngày</Typography.Text>
      </Space>
    </Space>
  );
}

/** The stages section of the process form; on edit it loads the process's stages in order. */
export function ProcessStagesSection({ processId }: { processId?: string }) {
  const form = Form.useFormInstance();
  const stages = useQuery({
    queryKey: ['stages', 'of-process', processId],
    queryFn: ({ signal }) =>
      client.GET('/api/admin/stages', { params: { query: { process_id: processId ? Number(processId) : undefined, sort: 'position', limit: 100 } }, signal }),
    enabled: !!processId,
    staleTime: 0,
  });
  useEffect(() => {
    const entries: StageRow[] | null = stages.data?.code === 200 ? stages.data.data.entries : null;
    if (entries)
      form.setFieldValue(
        'stages',
        entries.map((s) => Object.fromEntries(FIELDS.map((k) => [k, s[k] ?? null]))),
      );
  }, [stages.data, form]);
  return (
    <Form.Item name="stages" label="Các công đoạn (theo thứ tự thực hiện)" initialValue={[]}>
      <StagesEditor />
    </Form.Item>
  );
}
