import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@nns/shared/dates';
import { resourceByName } from '@nns/shared/registry';
import { BANNER_SLOTS, BANNER_STATES, bannerState } from '@nns/shared/site';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Space, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { type AnswerData, client, type Envelope } from '../../core/client';
import { confirmDialog, resultPopup, withLoading } from '../../core/feedback';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceForm } from '../../core/resource';
import { useSession } from '../../core/session';
import './site.css';

const banners = resourceByName['banner-images'];
const slotOf = (screen?: string) => BANNER_SLOTS.find((s) => s.screen === screen);

type Banner = AnswerData<'/api/admin/configs/main-banner-images', 'get'>['entries'][number];
type SlotConfig = (typeof BANNER_SLOTS)[number]['config'];

/** Each slot's own routes (spec §7 configs/…): its banners in order, and their new order; all answer alike. */
interface SlotCalls {
  read(signal: AbortSignal): Promise<Envelope<AnswerData<'/api/admin/configs/main-banner-images', 'get'>>>;
  order(ids: number[]): Promise<Envelope<AnswerData<'/api/admin/configs/main-banner-images', 'put'>>>;
}
const SLOT_CALLS: Record<SlotConfig, SlotCalls> = {
  'main-banner-images': {
    read: (signal) => client.GET('/api/admin/configs/main-banner-images', { signal }),
    order: (ids) => client.PUT('/api/admin/configs/main-banner-images', { body: { ids } }),
  },
  'second-banner-images': {
    read: (signal) => client.GET('/api/admin/configs/second-banner-images', { signal }),
    order: (ids) => client.PUT('/api/admin/configs/second-banner-images', { body: { ids } }),
  },
  'images-header': {
    read: (signal) => client.GET('/api/admin/configs/images-header', { signal }),
    order: (ids) => client.PUT('/api/admin/configs/images-header', { body: { ids } }),
  },
};

const period = (b: Banner) =>
  !b.active_from && !b.active_to
    ? 'Luôn hiển thị'
    : `${b.active_from ? formatDateTime(b.active_from) : 'Ngay'} → ${b.active_to ? formatDateTime(b.active_to) : 'Không hết hạn'}`;

/** One slot's banners in display order: thumbnails, the period and whether it shows now, moved up and down. */
export function BannerSlotPage() {
  const { slot: screen } = useParams();
  const slot = slotOf(screen);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = useSession();
  const key = [...queryKeys(banners.name).all, 'slot', slot?.config];
  const q = useQuery({ queryKey: key, enabled: !!slot, queryFn: ({ signal }) => (slot ? SLOT_CALLS[slot.config].read(signal) : null) });
  if (!slot) return <Navigate to="/admin/banners/main-banner" replace />;
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys(banners.name).all });
  const move = async (i: number, d: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    const env = await withLoading(SLOT_CALLS[slot.config].order(ids));
    if (env?.code !== 200) resultPopup(env);
    await refresh();
  };
  const toggle = async (b: Banner) => {
    const env = await withLoading(client.PUT('/api/admin/banner-images/change-status/{id}', { params: { path: { id: b.id } } }));
    if (env?.code !== 200) resultPopup(env);
    await refresh();
  };
  const remove = async (b: Banner) => {
    if (!(await confirmDialog({ title: `Xóa banner "${b.title}"?`, danger: true }))) return;
    resultPopup(await withLoading(client.DELETE('/api/admin/banner-images/{id}', { params: { path: { id: b.id } } })), () => void refresh());
  };
  const base = `/admin/banners/${slot.screen}`;
  const canEdit = can('update', 'config_image');
  return (
    <Card
      variant="borderless"
      className="site-card-wrap"
      title="Banner và ảnh đầu trang"
      extra={
        can('create', 'config_image') ? (
          <Link to={`${base}/create`}>
            <Button type="primary" icon={<PlusOutlined />}>
              Thêm {slot.label.toLowerCase()}
            </Button>
          </Link>
        ) : null
      }
    >
      <Tabs activeKey={slot.screen} onChange={(k) => navigate(`/admin/banners/${k}`)} items={BANNER_SLOTS.map((s) => ({ key: s.screen, label: s.label }))} />
      {q.isLoading ? (
        <LoadingBlock />
      ) : rows.length ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="banner-slot">
          {rows.map((b, i) => {
            const state = BANNER_STATES[bannerState(b)];
            return (
              <Card key={b.id} size="small" data-testid="banner-card">
                <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography.Text strong style={{ width: 24 }}>
                    {i + 1}
                  </Typography.Text>
                  <Image src={b.image} alt={b.alt} width={200} height={75} style={{ objectFit: 'cover', borderRadius: 6 }} />
                  <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography.Text strong>{b.title}</Typography.Text>
                    <div>
                      <Tag color={state.color}>{state.label}</Tag>
                      <Typography.Text type="secondary">{period(b)}</Typography.Text>
                    </div>
                    {b.link ? <Typography.Text type="secondary">Liên kết: {b.link}</Typography.Text> : null}
                  </div>
                  <Space>
                    <Switch checked={b.status === 1} disabled={!canEdit} aria-label={`Bật/tắt banner ${b.title}`} onChange={() => void toggle(b)} />
                    <Tooltip title="Lên">
                      <Button aria-label={`Đưa ${b.title} lên`} icon={<ArrowUpOutlined />} disabled={!canEdit || i === 0} onClick={() => void move(i, -1)} />
                    </Tooltip>
                    <Tooltip title="Xuống">
                      <Button
                        aria-label={`Đưa ${b.title} xuống`}
                        icon={<ArrowDownOutlined />}
                        disabled={!canEdit || i === rows.length - 1}
                        onClick={() => void move(i, 1)}
                      />
                    </Tooltip>
                    {canEdit ? (
                      <Link to={`${base}/${b.id}/edit`} aria-label={`Sửa ${b.title}`}>
                        <Button icon={<EditOutlined />} />
                      </Link>
                    ) : null}
                    {can('delete', 'config_image') ? (
                      <Button danger aria-label={`Xóa ${b.title}`} icon={<DeleteOutlined />} onClick={() => void remove(b)} />
                    ) : null}
                  </Space>
                </div>
              </Card>
            );
          })}
        </Space>
      ) : (
        <Empty description={`Chưa có ${slot.label.toLowerCase()}`} />
      )}
    </Card>
  );
}

/** Create and edit of one slot's banner: the generic form, its position fixed by the screen. */
export function BannerFormPage() {
  const { slot: screen, id } = useParams();
  const slot = slotOf(screen);
  if (!slot) return <Navigate to="/admin/banners/main-banner" replace />;
  return (
    <ResourceForm
      key={id ?? 'create'}
      def={banners}
      id={id}
      title={`${id ? 'Cập nhật' : 'Thêm'} ${slot.label.toLowerCase()}`}
      omit={['position']}
      transformBody={(body) => ({ ...body, position: slot.position })}
      backTo={`/admin/banners/${slot.screen}`}
    />
  );
}

export const BannersIndexPage = () => <Navigate to="/admin/banners/main-banner" replace />;
