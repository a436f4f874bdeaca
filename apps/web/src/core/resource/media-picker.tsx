import { thumbnailUrlOf } from '@nns/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Modal, Pagination, Spin, Tag } from 'antd';
import { useState } from 'react';
import { client } from '../client';

export interface LibraryImage {
  id: number;
  file: string;
  title: string | null;
  alt: string | null;
  width: number | null;
  height: number | null;
}

const PAGE = 12;

/**
 * The media library (GET /api/admin/images) as a grid to pick one image from: the rich-text editor
 * inserts it with its alt text. An image without alt text is marked, since an article showing it
 * cannot be published until the library gives it one.
 */
export function MediaPicker({ open, onPick, onClose }: { open: boolean; onPick: (img: LibraryImage) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['images', 'list', { picker: true, search, page }],
    queryFn: ({ signal }) => client.GET('/api/admin/images', { signal, params: { query: { page, limit: PAGE, ...(search ? { search } : {}) } } }),
    enabled: open,
  });
  const entries = (q.data?.code === 200 ? q.data.data.entries : []) as LibraryImage[];
  const total = q.data?.code === 200 ? Number(q.data.data.pagination.total ?? 0) : 0;
  return (
    <Modal open={open} title="Chọn ảnh từ thư viện" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Input.Search
        aria-label="Tìm ảnh trong thư viện"
        placeholder="Tìm theo tên hoặc mô tả ảnh"
        allowClear
        onSearch={(v) => {
          setSearch(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      {q.isLoading ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description="Thư viện chưa có ảnh nào khớp" />
      ) : (
        <div className="nns-media-grid" role="listbox" aria-label="Ảnh trong thư viện">
          {entries.map((img) => (
            <button
              key={img.id}
              type="button"
              role="option"
              aria-selected={false}
              className="nns-media-item"
              title={img.alt || img.title || ''}
              onClick={() => onPick(img)}
            >
              <img src={thumbnailUrlOf(img.file)} alt={img.alt || img.title || 'Ảnh'} />
              <span className="nns-media-caption">{img.title || img.alt || `Ảnh #${img.id}`}</span>
              {!img.alt && <Tag color="orange">Chưa có mô tả</Tag>}
            </button>
          ))}
        </div>
      )}
      {total > PAGE && (
        <Pagination style={{ marginTop: 12 }} size="small" current={page} pageSize={PAGE} total={total} onChange={setPage} showSizeChanger={false} />
      )}
    </Modal>
  );
}
