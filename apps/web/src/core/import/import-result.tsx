import { Alert, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ImportSummary, RowReport } from './import-api';

const ACTIONS: Record<RowReport['action'], { label: string; color: string }> = {
  create: { label: 'Thêm mới', color: 'green' },
  update: { label: 'Cập nhật', color: 'blue' },
  unchanged: { label: 'Không đổi', color: 'default' },
  error: { label: 'Lỗi', color: 'red' },
};

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '(trống)' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The dry run (or the import) in a glance: counts, the rows with errors, then what each row will do. */
export function ImportResult({ summary, labels }: { summary: ImportSummary; labels: Record<string, string> }) {
  const label = (f: string) => labels[f] ?? (f === 'file' ? 'Tệp' : f === 'parent' ? 'Mã cấp trên' : f);
  const errorRows = new Set(summary.errors.map((e) => e.row)).size;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Tag>Tổng số dòng: {summary.total}</Tag>
        <Tag color="green">Thêm mới: {summary.created}</Tag>
        <Tag color="blue">Cập nhật: {summary.updated}</Tag>
        <Tag>Không đổi: {summary.unchanged}</Tag>
        <Tag color={errorRows ? 'red' : 'default'}>Dòng lỗi: {errorRows}</Tag>
      </Space>
      {summary.ignored_columns.length > 0 && (
        <Alert type="warning" showIcon message={`Các cột không được nhận diện và sẽ bỏ qua: ${summary.ignored_columns.join(', ')}`} />
      )}
      {errorRows > 0 ? (
        <Alert type="error" showIcon message="Tệp có lỗi, chưa ghi dữ liệu nào. Hãy sửa các dòng dưới đây trong tệp rồi tải lên lại." />
      ) : summary.written ? (
        <Alert type="success" showIcon message="Đã ghi dữ liệu thành công." />
      ) : (
        <Alert type="info" showIcon message="Kiểm tra xong, chưa ghi dữ liệu. Bấm “Nhập dữ liệu” để ghi." />
      )}
      <Tabs
        items={[
          ...(summary.errors.length
            ? [
                {
                  key: 'errors',
                  label: `Lỗi (${summary.errors.length})`,
                  children: (
                    <Table
                      size="small"
                      rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                      dataSource={summary.errors}
                      pagination={{ pageSize: 8, hideOnSinglePage: true }}
                      columns={[
                        { title: 'Dòng', dataIndex: 'row', width: 70 },
                        { title: 'Cột', dataIndex: 'field', width: 180, render: (f: string, e) => e.column ?? label(f) },
                        { title: 'Lỗi', dataIndex: 'message', render: (m: string) => <Typography.Text type="danger">{m}</Typography.Text> },
                      ]}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'rows',
            label: `Các dòng (${summary.rows.length})`,
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.row}`}
                dataSource={summary.rows}
                pagination={{ pageSize: 8, hideOnSinglePage: true }}
                columns={[
                  { title: 'Dòng', dataIndex: 'row', width: 70 },
                  { title: 'Mã', dataIndex: 'key', width: 140 },
                  {
                    title: 'Thao tác',
                    dataIndex: 'action',
                    width: 110,
                    render: (a: RowReport['action']) => <Tag color={ACTIONS[a].color}>{ACTIONS[a].label}</Tag>,
                  },
                  {
                    title: 'Thay đổi',
                    dataIndex: 'changes',
                    render: (c: RowReport['changes']) =>
                      c ? (
                        <Space direction="vertical" size={0}>
                          {Object.entries(c).map(([k, v]) => (
                            <span key={k}>
                              <b>{label(k)}</b>: {show(v.from)} → {show(v.to)}
                            </span>
                          ))}
                        </Space>
                      ) : null,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
