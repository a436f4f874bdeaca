import { Col, Empty, Row, Table, Tag, Typography } from 'antd';
import { changedKeys } from './log-types';

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The before and after of a change side by side, changed fields highlighted. */
export function LogDiff({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <Empty description="Bản ghi này không lưu dữ liệu trước và sau thay đổi" />;
  if (!isObj(before ?? {}) || !isObj(after ?? {})) {
    return (
      <Row gutter={16} className="log-diff">
        <Col span={12}>
          <Typography.Title level={5}>Trước</Typography.Title>
          <pre>{show(before)}</pre>
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>Sau</Typography.Title>
          <pre>{show(after)}</pre>
        </Col>
      </Row>
    );
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  // on a create or a delete every field 'changes': mark fields only when both sides exist
  const changed = new Set(before != null && after != null ? changedKeys(b, a) : []);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort((x, y) => Number(changed.has(y)) - Number(changed.has(x)));
  return (
    <Table
      className="log-diff"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={keys.map((key) => ({ key, before: b[key], after: a[key], changed: changed.has(key) }))}
      rowClassName={(r) => (r.changed ? 'log-diff-changed' : '')}
      columns={[
        {
          title: 'Trường',
          dataIndex: 'key',
          width: 170,
          render: (k: string, r) => (
            <span>
              <code>{k}</code> {r.changed && <Tag color="orange">đã đổi</Tag>}
            </span>
          ),
        },
        { title: 'Trước', dataIndex: 'before', render: (v) => <pre>{show(v)}</pre> },
        { title: 'Sau', dataIndex: 'after', render: (v) => <pre>{show(v)}</pre> },
      ]}
    />
  );
}
