import { Alert, Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type AnswerData, client } from '../../core/client';

/** What the server answers for a dry run or an update of the official list (modules/areas/official-list.ts). */
type Summary = AnswerData<'/api/admin/provinces/official-list', 'post'>;
type ListChange = Summary['changes'][number];

const KIND: Record<ListChange['kind'], { label: string; color: string }> = {
  add: { label: 'Thêm mới', color: 'green' },
  rename: { label: 'Đổi tên', color: 'blue' },
  level: { label: 'Đổi cấp', color: 'purple' },
  move: { label: 'Đổi đơn vị cấp trên', color: 'cyan' },
  recode: { label: 'Đổi mã', color: 'geekblue' },
  deactivate: { label: 'Không còn hiệu lực', color: 'orange' },
  delete: { label: 'Xóa (không bản ghi nào dùng)', color: 'red' },
  reactivate: { label: 'Hiệu lực trở lại', color: 'lime' },
};
const TIER = { province: 'Tỉnh/thành phố', district: 'Quận/huyện', ward: 'Phường/xã' };

/**
 * 'Cập nhật danh mục chính thức': choose a dated official list shipped with the product, see what it
 * would change (a dry run: additions, renames, level changes, code changes, units that disappear and
 * whether records point at them), then apply it. Nothing is written until 'Áp dụng'.
 */
export default function OfficialListPage() {
  const [lists, setLists] = useState<{ file: string; date: string }[]>([]);
  const [file, setFile] = useState<string>();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void client.GET('/api/admin/provinces/official-lists').then((env) => {
      if (env.code !== 200) return setError(env.message);
      setLists(env.data.entries);
      setFile((f) => f ?? env.data.entries[0]?.file);
    });
  }, []);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const env = await client.POST('/api/admin/provinces/official-list', { params: { query: { dry_run: dryRun ? '1' : '0' } }, body: { file } });
    setBusy(false);
    if (env.code !== 200) {
      setError(env.message);
      setSummary(null);
      return;
    }
    setSummary(env.data);
  };

  const dateVn = (d: string) => d.split('-').reverse().join('/');
  const counts = summary ? (Object.keys(KIND) as ListChange['kind'][]).filter((k) => summary.counts[k] > 0) : [];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Cập nhật danh mục ĐVHC chính thức
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <label htmlFor="official-list-file">Danh mục</label>
          <Select
            id="official-list-file"
            aria-label="Danh mục"
            style={{ minWidth: 320 }}
            value={file}
            onChange={(v) => {
              setFile(v);
              setSummary(null);
            }}
            options={lists.map((l) => ({ value: l.file, label: `Danh mục ngày ${dateVn(l.date)} (${l.file})` }))}
          />
          <Button onClick={() => run(true)} loading={busy && !summary?.written} disabled={!file}>
            Xem trước thay đổi
          </Button>
          <Popconfirm
            title="Áp dụng danh mục này?"
            description="Đơn vị đổi mã giữ nguyên mọi bản ghi đang dùng; đơn vị không còn trong danh mục mà còn bản ghi dùng sẽ được đánh dấu không còn hiệu lực."
            okText="Áp dụng"
            cancelText="Hủy"
            onConfirm={() => run(false)}
            disabled={!summary?.dry_run || summary.changes_total === 0}
          >
            <Button type="primary" disabled={!summary?.dry_run || summary.changes_total === 0} loading={busy}>
              Áp dụng
            </Button>
          </Popconfirm>
        </Space>
      </Card>
      {error && <Alert type="error" showIcon message={error} />}
      {summary && (
        <Card
          size="small"
          title={summary.dry_run ? 'Kết quả chạy thử (chưa ghi dữ liệu)' : 'Đã cập nhật danh mục'}
          extra={<Typography.Text type="secondary">{summary.changes_total} thay đổi</Typography.Text>}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {summary.written && <Alert type="success" showIcon message="Đã áp dụng danh mục; mỗi thay đổi được ghi vào nhật ký hệ thống." />}
            {summary.changes_total === 0 && <Alert type="info" showIcon message="Dữ liệu đã khớp với danh mục này: không có gì thay đổi." />}
            {summary.errors.length > 0 && (
              <Alert
                type="error"
                showIcon
                message={`Danh mục có ${summary.errors.length} lỗi, chưa thể áp dụng`}
                description={summary.errors
                  .slice(0, 5)
                  .map((e) => `Dòng ${e.row}: ${e.message}`)
                  .join('; ')}
              />
            )}
            <Space wrap aria-label="Tổng hợp thay đổi">
              {counts.map((k) => (
                <Tag key={k} color={KIND[k].color}>
                  {KIND[k].label}: {summary.counts[k]}
                </Tag>
              ))}
            </Space>
            <Table<ListChange>
              size="small"
              rowKey={(r) => `${r.kind}-${r.tier}-${r.code}`}
              dataSource={summary.changes}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={[
                { title: 'Thay đổi', dataIndex: 'kind', width: 190, render: (k: ListChange['kind']) => <Tag color={KIND[k].color}>{KIND[k].label}</Tag> },
                { title: 'Cấp', dataIndex: 'tier', width: 130, render: (t: ListChange['tier']) => TIER[t] },
                { title: 'Mã', dataIndex: 'code', width: 90 },
                { title: 'Tên', dataIndex: 'name' },
                { title: 'Trước', dataIndex: 'from', render: (v?: string) => v ?? '' },
                { title: 'Sau', dataIndex: 'to', render: (v?: string) => v ?? '' },
                { title: 'Bản ghi đang dùng', dataIndex: 'references', width: 140, align: 'right', render: (n?: number) => (n === undefined ? '' : n) },
              ]}
            />
          </Space>
        </Card>
      )}
    </Space>
  );
}
