import { ArrowLeftOutlined, ArrowRightOutlined, FileOutlined, HolderOutlined } from '@ant-design/icons';
import { thumbnailUrlOf } from '@nns/shared';
import { resourceByName } from '@nns/shared/registry';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { client } from '../../core/client';
import { notify, resultPopup, withLoading } from '../../core/feedback';
import { queryKeys } from '../../core/query';
import { ResourceDetail } from '../../core/resource';
import { useSession } from '../../core/session';
import './content.css';

const libraries = resourceByName.libraries;
const nameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

/** Moves the item at `from` to `to` (a new array). */
export function moveTo<T>(xs: T[], from: number, to: number): T[] {
  const out = [...xs];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/**
 * The order of an album's images (or a library's documents): drag a card onto another to put it
 * there, or use its arrow buttons from the keyboard; 'Lưu thứ tự' saves the whole order in one write
 * (PUT /api/admin/libraries/reorder/{id}), which the public API then follows.
 */
export function AlbumOrder({ entry }: { entry: Record<string, unknown> }) {
  const docs = entry.kind === 'documents';
  const saved = ((docs ? entry.documents : entry.images) as string[] | null) ?? [];
  const [items, setItems] = useState(saved);
  const [dragging, setDragging] = useState<number | null>(null);
  const qc = useQueryClient();
  const { can } = useSession();
  const key = saved.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved order, compared by its text
  useEffect(() => setItems(saved), [key]);
  const dirty = items.join('\n') !== key;
  const canEdit = can('update', libraries.subject);
  const what = docs ? 'tài liệu' : 'ảnh';
  const save = async () => {
    const env = await withLoading(client.PUT('/api/admin/libraries/reorder/{id}', { params: { path: { id: Number(entry.id) } }, body: { items } }));
    if (env?.code !== 200) return resultPopup(env);
    notify.success(env.message);
    await qc.invalidateQueries({ queryKey: queryKeys(libraries.name).all });
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    setItems(moveTo(items, from, to));
  };
  return (
    <Card variant="borderless" title={`Thứ tự ${what} (${items.length})`}>
      {canEdit && items.length > 1 && (
        <div className="nns-album-bar">
          <Typography.Text type="secondary">Kéo một {what} thả vào vị trí mới, hoặc dùng nút mũi tên; website hiển thị theo thứ tự đã lưu.</Typography.Text>
          <Space wrap>
            <Button disabled={!dirty} onClick={() => setItems(saved)}>
              Hoàn tác
            </Button>
            <Button type="primary" disabled={!dirty} onClick={() => void save()}>
              Lưu thứ tự
            </Button>
          </Space>
        </div>
      )}
      {dirty && <Alert style={{ marginBottom: 12 }} type="info" showIcon message="Thứ tự mới chưa được lưu" />}
      {items.length === 0 ? (
        <Empty description={`Thư viện chưa có ${what} nào`} />
      ) : (
        <ol className="nns-album-order" aria-label={`Thứ tự ${what} trong thư viện`} data-testid="album-order">
          {items.map((url, i) => (
            <li
              key={url}
              className={`nns-album-item${dragging === i ? ' dragging' : ''}`}
              draggable={canEdit}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                if (dragging !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
              }}
              data-testid="album-item"
            >
              <span className="nns-album-pos">{i + 1}</span>
              {canEdit && <HolderOutlined className="nns-album-grip" aria-hidden />}
              {docs ? (
                <FileOutlined className="nns-album-doc" aria-hidden />
              ) : (
                <img src={thumbnailUrlOf(url)} alt={`Ảnh ${i + 1} của album`} draggable={false} />
              )}
              <span className="nns-album-name" title={nameOf(url)}>
                {nameOf(url)}
              </span>
              {canEdit && (
                <Space size={2}>
                  <Tooltip title="Lên trước">
                    <Button
                      size="small"
                      aria-label={`Đưa ${what} ${i + 1} lên trước`}
                      icon={<ArrowLeftOutlined />}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    />
                  </Tooltip>
                  <Tooltip title="Xuống sau">
                    <Button
                      size="small"
                      aria-label={`Đưa ${what} ${i + 1} xuống sau`}
                      icon={<ArrowRightOutlined />}
                      disabled={i === items.length - 1}
                      onClick={() => move(i, i + 1)}
                    />
                  </Tooltip>
                </Space>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** A library's detail: its declared fields, then its items in order, reordered here. */
export function LibraryDetailPage() {
  const { id = '' } = useParams();
  return (
    <ResourceDetail key={id} def={libraries} id={id}>
      {(entry) => <AlbumOrder entry={entry} />}
    </ResourceDetail>
  );
}
