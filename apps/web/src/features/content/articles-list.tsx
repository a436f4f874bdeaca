import './content.css';
import { CloudDownloadOutlined, CloudUploadOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import { publicStateOf } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Radio, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { client } from '../../core/client';
import { answerErrors, confirmDialog, notify, resultPopup, withLoading } from '../../core/feedback';
import { queryKeys } from '../../core/query';
import { ResourceList, type Row } from '../../core/resource';
import { useSession } from '../../core/session';
import { ArticlePreview } from './article-preview';

const articles = resourceByName.articles;

/** Where an article stands for the public, with the take-down reason under it. */
const shownColumn: ColumnsType<Row> = [
  {
    title: 'Hiển thị',
    key: 'public_state',
    width: 210,
    render: (_v, r) => {
      const s = publicStateOf(r);
      return (
        <>
          <Tag color={s.color}>{s.label}</Tag>
          {s.key === 'taken_down' && <span className="nns-reason">Lý do: {String(r.take_down_reason)}</span>}
        </>
      );
    },
  },
];

type Dialog = { kind: 'publish' | 'take-down' | 'preview'; row: Row } | null;

/** The articles list: the generic one, plus publishing, scheduling, taking down and the preview. */
export function ArticlesListPage() {
  const { can } = useSession();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const approver = can('approve', 'articles');
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys('articles').all });

  const unpublish = async (row: Row) => {
    if (!(await confirmDialog({ title: 'Thôi đăng bài viết?', content: `“${String(row.title)}” sẽ không còn hiện trên website.` }))) return;
    const env = await withLoading(client.PUT('/api/admin/articles/change-publish/{id}', { params: { path: { id: Number(row.id) } }, body: null }));
    resultPopup(env, refresh);
  };

  const publish = async () => {
    if (!dialog) return;
    if (when === 'later' && !at) return notify.error('Chọn thời gian đăng');
    const env = await withLoading(
      client.PUT('/api/admin/articles/change-publish/{id}', {
        params: { path: { id: Number(dialog.row.id) } },
        body: when === 'later' && at ? { published_at: at.toDate().toISOString() } : null,
      }),
    );
    if (env.code === 200) {
      setDialog(null);
      notify.success(when === 'later' ? 'Đã hẹn giờ đăng bài' : 'Đã đăng bài viết');
      void refresh();
    } else notify.error('Chưa đăng được bài viết', answerErrors(env)[0]?.message ?? env.message);
  };

  const takeDown = async () => {
    if (!dialog) return;
    if (!reason.trim()) return setReasonError('Lý do gỡ bài bắt buộc');
    const env = await withLoading(client.PUT('/api/admin/articles/take-down/{id}', { params: { path: { id: Number(dialog.row.id) } }, body: { reason } }));
    if (env.code === 200) {
      setDialog(null);
      notify.success('Đã gỡ bài viết');
      void refresh();
    } else setReasonError(answerErrors(env)[0]?.message ?? env.message);
  };

  const open = (kind: 'publish' | 'take-down' | 'preview', row: Row) => {
    setWhen('now');
    setAt(null);
    setReason('');
    setReasonError('');
    setDialog({ kind, row });
  };

  return (
    <>
      <ResourceList
        def={articles}
        extraColumns={shownColumn}
        rowActions={(row) => (
          <>
            <Tooltip title="Xem trước">
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Xem trước" onClick={() => open('preview', row)} />
            </Tooltip>
            {approver && row.status === 'approved' && !row.is_published && (
              <Tooltip title="Đăng bài">
                <Button
                  size="small"
                  type="text"
                  style={{ color: '#389e0d' }}
                  icon={<CloudUploadOutlined />}
                  aria-label="Đăng bài"
                  onClick={() => open('publish', row)}
                />
              </Tooltip>
            )}
            {approver && Boolean(row.is_published) && (
              <>
                <Tooltip title="Thôi đăng">
                  <Button size="small" type="text" icon={<CloudDownloadOutlined />} aria-label="Thôi đăng" onClick={() => void unpublish(row)} />
                </Tooltip>
                <Tooltip title="Gỡ bài (có lý do)">
                  <Button size="small" type="text" danger icon={<StopOutlined />} aria-label="Gỡ bài" onClick={() => open('take-down', row)} />
                </Tooltip>
              </>
            )}
          </>
        )}
      />
      <Modal
        open={dialog?.kind === 'publish'}
        title="Đăng bài viết"
        okText={when === 'later' ? 'Hẹn giờ đăng' : 'Đăng ngay'}
        cancelText="Hủy"
        onOk={() => void publish()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <p>“{String(dialog?.row.title ?? '')}”</p>
        <Radio.Group value={when} onChange={(e) => setWhen(e.target.value)} aria-label="Thời điểm đăng">
          <Radio value="now">Đăng ngay</Radio>
          <Radio value="later">Hẹn giờ</Radio>
        </Radio.Group>
        {when === 'later' && (
          <Form.Item label="Thời gian đăng (giờ Việt Nam)" style={{ marginTop: 12 }}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              value={at}
              onChange={setAt}
              aria-label="Thời gian đăng"
              disabledDate={(d) => d.isBefore(new Date(), 'day')}
            />
          </Form.Item>
        )}
      </Modal>
      <Modal
        open={dialog?.kind === 'take-down'}
        title="Gỡ bài viết"
        okText="Gỡ bài"
        okButtonProps={{ danger: true }}
        cancelText="Hủy"
        onOk={() => void takeDown()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <p>“{String(dialog?.row.title ?? '')}” sẽ không còn hiện trên website. Lý do được ghi lại và hiện trong danh sách.</p>
        <Form.Item label="Lý do gỡ bài" required validateStatus={reasonError ? 'error' : undefined} help={reasonError || undefined} layout="vertical">
          <Input.TextArea
            rows={3}
            maxLength={1000}
            value={reason}
            aria-label="Lý do gỡ bài"
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError('');
            }}
          />
        </Form.Item>
      </Modal>
      <Modal open={dialog?.kind === 'preview'} title="Xem trước như trên website" footer={null} width={880} onCancel={() => setDialog(null)} destroyOnHidden>
        {dialog?.kind === 'preview' && <PreviewById id={dialog.row.id} />}
      </Modal>
    </>
  );
}

function PreviewById({ id }: { id: number | string }) {
  const q = useQuery({
    queryKey: queryKeys('articles').detail(id),
    queryFn: ({ signal }) => client.GET('/api/admin/articles/{id}', { params: { path: { id: Number(id) } }, signal }),
    staleTime: 0,
  });
  const entry = q.data?.code === 200 ? q.data.data.entry : null;
  if (!entry) return <p>{q.isLoading ? 'Đang tải...' : 'Không tải được bài viết'}</p>;
  return <ArticlePreview a={{ ...entry, category: entry.category?.name ?? null }} />;
}
