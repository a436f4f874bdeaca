import './content.css';
import { EyeOutlined } from '@ant-design/icons';
import { ARTICLE_STATUS, optionLabel, publicStateOf } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { client } from '../../core/client';
import { queryKeys } from '../../core/query';
import { ResourceForm } from '../../core/resource';
import { useSession } from '../../core/session';
import { ArticlePreview } from './article-preview';
import { Revisions } from './revisions';
import { TagPicker } from './tag-picker';
import { ThumbnailPicker } from './thumbnail-picker';

const articles = resourceByName.articles;

/** The tags and the preview, inside the generic form (so they read and write its values). */
function Extras() {
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const { can } = useSession();
  return (
    <>
      <Form.Item name="thumbnail" label="Ảnh đại diện" help="Chọn từ thư viện ảnh: ảnh cần có mô tả (alt) trước khi đăng">
        <ThumbnailPicker />
      </Form.Item>
      {/* without the tags' list the picker would be refused: the article keeps its tags as they are */}
      {can('list', 'tags') && (
        <Form.Item name="tag_ids" label="Thẻ" help={can('create', 'tags') ? 'Thẻ mới được tạo khi nhấn Enter; đường dẫn của thẻ tạo tự động' : undefined}>
          <TagPicker />
        </Form.Item>
      )}
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<EyeOutlined />} onClick={() => setOpen(true)}>
          Xem trước như trên website
        </Button>
      </Space>
      <Modal open={open} title="Xem trước" footer={null} width={880} onCancel={() => setOpen(false)} destroyOnHidden>
        {open && <ArticlePreview a={form.getFieldsValue(true)} />}
      </Modal>
    </>
  );
}

export function ArticleCreatePage() {
  return <ResourceForm key="create" def={articles} omit={['tag_ids', 'thumbnail']} extraKeys={['tag_ids', 'thumbnail']} sections={<Extras />} />;
}

/** Where the article stands, above its form: the workflow state, the public state and a take-down reason. */
function StateBar({ entry }: { entry: Record<string, unknown> }) {
  const { can } = useSession();
  const s = publicStateOf(entry);
  const status = ARTICLE_STATUS.find((o) => o.value === entry.status);
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      <Space>
        <Tag color={status?.color}>{optionLabel(ARTICLE_STATUS, entry.status)}</Tag>
        <Tag color={s.color}>{s.label}</Tag>
      </Space>
      {s.key === 'taken_down' && <Alert type="warning" showIcon message={`Bài đã bị gỡ. Lý do: ${String(entry.take_down_reason)}`} />}
      {Boolean(entry.is_published) && !can('approve', 'articles') && (
        <Alert type="warning" showIcon message="Bài viết đang được đăng: chỉ người có quyền phê duyệt mới sửa được." />
      )}
      {entry.status !== 'draft' && !entry.is_published && !can('approve', 'articles') && (
        <Alert type="info" showIcon message="Bài viết đã gửi duyệt: lưu thay đổi sẽ đưa bài về bản nháp, cần gửi duyệt lại." />
      )}
    </Space>
  );
}

export function ArticleEditPage() {
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: queryKeys('articles').detail(id),
    queryFn: ({ signal }) => client.GET('/api/admin/articles/{id}', { params: { path: { id: Number(id) } }, signal }),
    staleTime: 0,
  });
  const entry = q.data?.code === 200 ? q.data.data.entry : null;
  return (
    <>
      {entry && <StateBar entry={entry} />}
      <ResourceForm key={id} def={articles} id={id} omit={['tag_ids', 'thumbnail']} extraKeys={['tag_ids', 'thumbnail']} sections={<Extras />} />
      <Revisions id={id} current={entry} />
    </>
  );
}
