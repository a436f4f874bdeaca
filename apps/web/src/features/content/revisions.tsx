import './content.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { type AnswerData, client } from '../../core/client';
import { confirmDialog, resultPopup, withLoading } from '../../core/feedback';
import { formatDateTime } from '../../core/format';
import { queryKeys } from '../../core/query';

type Revision = AnswerData<'/api/admin/articles/revisions/{id}', 'get'>['entries'][number];

const COMPARED: [string, string][] = [
  ['title', 'Tiêu đề'],
  ['slug', 'Đường dẫn'],
  ['summary', 'Tóm tắt'],
  ['content', 'Nội dung'],
  ['author', 'Tác giả'],
  ['seo_title', 'Tiêu đề SEO'],
  ['seo_description', 'Mô tả SEO'],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function Side({ title, values, other }: { title: string; values: Record<string, unknown>; other: Record<string, unknown> }) {
  return (
    <div>
      <h3>{title}</h3>
      {COMPARED.map(([k, label]) => (
        <div key={k} className={same(values[k], other[k]) ? undefined : 'nns-changed'} style={{ marginBottom: 8 }}>
          <strong>{label}: </strong>
          {k === 'content' ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: stored rich text, sanitised by the server on every save
            <div className="nns-richtext" dangerouslySetInnerHTML={{ __html: String(values[k] ?? '') }} />
          ) : (
            <span>{values[k] == null || values[k] === '' ? '—' : String(values[k])}</span>
          )}
        </div>
      ))}
    </div>
  );
}

/** An article's earlier versions: each kept on a save, compared with the current one, restored on demand. */
export function Revisions({ id, current }: { id: string; current: Record<string, unknown> | null }) {
  const qc = useQueryClient();
  const [compare, setCompare] = useState<Revision | null>(null);
  const q = useQuery({
    queryKey: ['articles', 'revisions', id],
    queryFn: ({ signal }) => client.GET('/api/admin/articles/revisions/{id}', { params: { path: { id: Number(id) } }, signal }),
    staleTime: 0,
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];

  const restore = async (r: Revision) => {
    const ok = await confirmDialog({
      title: 'Khôi phục phiên bản này?',
      content: `Nội dung lúc ${formatDateTime(r.created_at)} thay cho nội dung hiện tại; nội dung hiện tại được giữ lại thành một phiên bản.`,
    });
    if (!ok) return;
    const env = await withLoading(client.PUT('/api/admin/articles/restore-revision/{id}', { params: { path: { id: r.id } } }));
    resultPopup(env, () => {
      setCompare(null);
      void qc.invalidateQueries({ queryKey: queryKeys('articles').all });
    });
  };

  return (
    <Card title="Lịch sử phiên bản" size="small" style={{ marginTop: 16 }}>
      {rows.length === 0 ? (
        <Empty description="Chưa có phiên bản trước: mỗi lần lưu sẽ giữ lại bản cũ" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Table<Revision>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: 'Lưu lúc', key: 'at', width: 160, render: (_v, r) => formatDateTime(r.created_at) },
            { title: 'Người sửa', key: 'by', width: 180, render: (_v, r) => r.created_by?.full_name ?? '—' },
            { title: 'Tiêu đề lúc đó', key: 'title', render: (_v, r) => String(r.snapshot.title ?? '') },
            {
              title: 'Thao tác',
              key: 'actions',
              width: 190,
              render: (_v, r) => (
                <Space>
                  <Button size="small" onClick={() => setCompare(r)}>
                    So sánh
                  </Button>
                  <Button size="small" onClick={() => void restore(r)}>
                    Khôi phục
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={!!compare}
        title="So sánh với bản hiện tại"
        width={1100}
        onCancel={() => setCompare(null)}
        footer={[
          <Button key="close" onClick={() => setCompare(null)}>
            Đóng
          </Button>,
          <Button key="restore" type="primary" onClick={() => compare && void restore(compare)}>
            Khôi phục phiên bản này
          </Button>,
        ]}
      >
        {compare && current && (
          <div className="nns-revision-compare">
            <Side title={`Phiên bản lúc ${formatDateTime(compare.created_at)}`} values={compare.snapshot} other={current} />
            <Side title="Bản hiện tại" values={current} other={compare.snapshot} />
          </div>
        )}
      </Modal>
    </Card>
  );
}
