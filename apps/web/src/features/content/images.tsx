import { CloudUploadOutlined } from '@ant-design/icons';
import { resourceByName } from '@nns/shared/registry';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { client } from '../../core/client';
import { notify } from '../../core/feedback';
import { queryKeys } from '../../core/query';
import { ResourceDetail, ResourceList, type Row } from '../../core/resource';
import { useSession } from '../../core/session';

const images = resourceByName.images;

const altColumn: ColumnsType<Row> = [
  {
    title: 'Sẵn sàng đăng',
    key: 'alt_ready',
    width: 140,
    render: (_v, r) => (r.alt ? <Tag color="green">Có mô tả</Tag> : <Tag color="orange">Thiếu mô tả (alt)</Tag>),
  },
];

/** Several images at once: each uploaded (checked by its bytes, thumbnail made) then added to the library. */
function MultiUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const qc = useQueryClient();
  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const list = Array.from(files).slice(0, 20);
    setBusy(list.length);
    let done = 0;
    for (const f of list) {
      const up = await client.upload(f);
      const env =
        up.code === 200 ? await client.POST('/api/admin/images', { body: { file: up.data.url, title: f.name.replace(/\.[^.]+$/, '').slice(0, 255) } }) : up;
      if (env.code === 200) done++;
      else notify.error(`Không tải lên được ${f.name}`, env.message);
      setBusy((b) => b - 1);
    }
    if (input.current) input.current.value = '';
    if (done) notify.success(`Đã thêm ${done} ảnh vào thư viện`, 'Nhớ nhập mô tả ảnh (alt) trước khi đăng bài dùng ảnh');
    void qc.invalidateQueries({ queryKey: queryKeys('images').all });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/webp,image/gif"
        style={{ display: 'none' }}
        aria-label="Chọn ảnh tải lên"
        data-testid="images-upload"
        onChange={(e) => void onFiles(e.target.files)}
      />
      <Button type="primary" icon={<CloudUploadOutlined />} loading={busy > 0} onClick={() => input.current?.click()}>
        {busy > 0 ? `Đang tải lên (${busy})` : 'Tải lên nhiều ảnh'}
      </Button>
    </>
  );
}

export function ImagesListPage() {
  const { can } = useSession();
  return <ResourceList def={images} extraColumns={altColumn} toolbar={can('create', 'config_image') ? <MultiUpload /> : undefined} />;
}

const KIND = { article: 'Bài viết', library: 'Thư viện', video: 'Video' } as const;
const LINK = { article: '/admin/general/articles', library: '/admin/libraries', video: '/admin/general/videos' } as const;

function UsedBy({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['images', 'used-by', id],
    queryFn: ({ signal }) => client.GET('/api/admin/images/used-by/{id}', { params: { path: { id: Number(id) } }, signal }),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  return (
    <Card title="Đang được dùng ở" size="small" style={{ marginTop: 16 }}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa được dùng ở đâu: có thể xóa" />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item>
              <Tag>{KIND[r.kind]}</Tag>
              <Link to={`${LINK[r.kind]}/${r.id}/${r.kind === 'library' ? 'detail' : 'edit'}`}>{r.title}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

export function ImageDetailPage() {
  const { id = '' } = useParams();
  return (
    <ResourceDetail def={images} id={id}>
      {() => <UsedBy id={id} />}
    </ResourceDetail>
  );
}
