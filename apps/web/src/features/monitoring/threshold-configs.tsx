import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BandRange } from '@nns/shared/monitoring';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, InputNumber, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type AnswerData, client, type Envelope, type QueryOf, type RequestBody } from '../../core/client';
import { answerErrors, resultPopup, withLoading } from '../../core/feedback';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { RefSelect } from '../../core/resource/ref-select';
import { useSession } from '../../core/session';
import { textOn } from './band-tag';

type ConfigQuery = QueryOf<'/api/admin/monitoring-configs/air-wtc', 'get'>;
type ConfigBody = RequestBody<'/api/admin/monitoring-configs/air-wtc', 'put'>;
/** Reading and saving one type's bands: each type has its own route (spec §7 names), all answering the same. */
interface ConfigCalls {
  read(query: ConfigQuery, signal: AbortSignal): Promise<Envelope<AnswerData<'/api/admin/monitoring-configs/air-wtc', 'get'>>>;
  save(body: ConfigBody): Promise<Envelope<AnswerData<'/api/admin/monitoring-configs/air-wtc', 'put'>>>;
}

const KINDS: { key: string; label: string; calls: ConfigCalls }[] = [
  {
    key: 'air',
    label: 'Không khí',
    calls: {
      read: (query, signal) => client.GET('/api/admin/monitoring-configs/air-wtc', { params: { query }, signal }),
      save: (body) => client.PUT('/api/admin/monitoring-configs/air-wtc', { body }),
    },
  },
  {
    key: 'water',
    label: 'Nước',
    calls: {
      read: (query, signal) => client.GET('/api/admin/monitoring-configs/water-wtc', { params: { query }, signal }),
      save: (body) => client.PUT('/api/admin/monitoring-configs/water-wtc', { body }),
    },
  },
  {
    key: 'rain',
    label: 'Mưa',
    calls: {
      read: (query, signal) => client.GET('/api/admin/monitoring-configs/rain-wtc', { params: { query }, signal }),
      save: (body) => client.PUT('/api/admin/monitoring-configs/rain-wtc', { body }),
    },
  },
  {
    key: 'soil',
    label: 'Đất',
    calls: {
      read: (query, signal) => client.GET('/api/admin/monitoring-configs/soil-wtc', { params: { query }, signal }),
      save: (body) => client.PUT('/api/admin/monitoring-configs/soil-wtc', { body }),
    },
  },
  {
    key: 'weather',
    label: 'Thời tiết',
    calls: {
      read: (query, signal) => client.GET('/api/admin/monitoring-configs/weather-wtc', { params: { query }, signal }),
      save: (body) => client.PUT('/api/admin/monitoring-configs/weather-wtc', { body }),
    },
  },
];

/** What a refused save says: each field's message, or the answer's own. */
const refused = (env: Envelope<unknown> | null | undefined) => {
  const errors = answerErrors(env);
  return errors.length ? errors.map((e) => e.message) : [env?.message ?? 'Không lưu được'];
};

const SOURCE = { ward: 'Cấu hình riêng của phường/xã', default: 'Cấu hình mặc định', preset: 'Ngưỡng quốc gia (chưa lưu cấu hình)' };

type Level = AnswerData<'/api/admin/monitoring-configs/air-wtc', 'get'>['levels'][number];

/** One parameter's ranges: level, from (≥), to (<), with rows added and removed; the server checks overlaps and gaps. */
export function RangesTable({
  name,
  bands,
  levels,
  onChange,
}: {
  name: string;
  bands: BandRange[];
  levels: Level[];
  onChange: (next: BandRange[] | ((old: BandRange[]) => BandRange[])) => void;
}) {
  const change = (i: number, patch: Partial<BandRange>) => onChange((old) => old.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={bands}
        columns={[
          {
            title: 'Mức',
            key: 'level',
            render: (_: unknown, b: BandRange, i: number) => (
              <Select
                aria-label={`Mức khoảng ${i + 1} của ${name}`}
                value={b.level}
                style={{ width: 170 }}
                onChange={(v) => change(i, { level: v })}
                options={levels.map((l) => ({
                  value: l.level,
                  label: (
                    <Tag color={l.color} style={{ color: textOn(l.color) }}>
                      {l.label}
                    </Tag>
                  ),
                }))}
              />
            ),
          },
          {
            title: 'Từ (≥)',
            key: 'from',
            render: (_: unknown, b: BandRange, i: number) => (
              <InputNumber aria-label={`Từ, khoảng ${i + 1} của ${name}`} value={b.from} placeholder="−∞" onChange={(v) => change(i, { from: v ?? null })} />
            ),
          },
          {
            title: 'Đến (<)',
            key: 'to',
            render: (_: unknown, b: BandRange, i: number) => (
              <InputNumber aria-label={`Đến, khoảng ${i + 1} của ${name}`} value={b.to} placeholder="+∞" onChange={(v) => change(i, { to: v ?? null })} />
            ),
          },
          {
            title: 'Gồm cả giá trị đến',
            key: 'incl',
            render: (_: unknown, b: BandRange, i: number) => (
              <Checkbox
                aria-label={`Gồm cả giá trị đến, khoảng ${i + 1} của ${name}`}
                checked={b.to_inclusive === true}
                disabled={b.to === null}
                onChange={(e) => change(i, e.target.checked ? { to_inclusive: true } : { to_inclusive: undefined })}
              />
            ),
          },
          {
            title: '',
            key: 'x',
            render: (_: unknown, _b: BandRange, i: number) => (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Xóa khoảng ${i + 1}`}
                onClick={() => onChange((old) => old.filter((_x, j) => j !== i))}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange((old) => [...old, { level: 5, from: old.at(-1)?.to ?? null, to: null }])}
      >
        Thêm khoảng
      </Button>
    </>
  );
}

/** The band ranges of one type: per parameter, contiguous ranges each with a level; the server checks overlaps and gaps. */
function KindEditor({ kind, calls, wardId }: { kind: string; calls: ConfigCalls; wardId: number | null }) {
  const qc = useQueryClient();
  const { can, user } = useSession();
  // the national default is scope 'all''s to change (issue 28 §3b): others save a ward's own
  const mayEditDefault = user?.scope === 'all';
  const key = [...queryKeys('monitorings').all, 'config', kind, wardId];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => calls.read(wardId ? { ward_id: wardId } : {}, signal),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const [params, setParams] = useState<Record<string, BandRange[]>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState<string | undefined>();
  useEffect(() => {
    if (data) setParams(structuredClone(data.config.parameters));
  }, [data]);
  if (q.isLoading) return <LoadingBlock />;
  if (!data) return <Alert type="error" showIcon message={q.data?.message || 'Không tải được cấu hình'} />;
  const labelOf = (p: string) => data.parameters.find((x) => x.key === p);
  const save = async () => {
    const env = await withLoading(calls.save({ parameters: params, ...(wardId ? { ward_id: wardId } : {}) }));
    if (env?.code === 200) {
      setErrors([]);
      await qc.invalidateQueries({ queryKey: key });
      resultPopup(env);
    } else setErrors(refused(env));
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong data-testid="config-ward">
          {data.ward
            ? `Đang cấu hình: ${data.ward.name}${data.ward.province_name ? ` – ${data.ward.province_name}` : ''}`
            : 'Đang cấu hình: ngưỡng mặc định cho mọi phường/xã trong cả nước'}
        </Typography.Text>
        <Tag color={data.source === 'ward' ? 'green' : data.source === 'default' ? 'blue' : 'default'}>{SOURCE[data.source]}</Tag>
        <Button onClick={() => setParams(structuredClone(data.preset.parameters))}>Dùng ngưỡng quốc gia</Button>
      </Space>
      {data.ward_id == null && !mayEditDefault && (
        <Alert type="info" showIcon message="Ngưỡng mặc định chỉ tài khoản phạm vi toàn quốc được sửa; hãy chọn một phường/xã thuộc tỉnh/thành phố của bạn." />
      )}
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          message="Chưa lưu được"
          description={
            <ul style={{ margin: 0 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
          data-testid="config-errors"
        />
      )}
      {Object.entries(params).map(([p, bands]) => (
        <Card
          key={p}
          size="small"
          title={`${labelOf(p)?.label ?? p}${labelOf(p)?.unit ? ` (${labelOf(p)?.unit})` : ''}`}
          extra={
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Bỏ thông số ${labelOf(p)?.label ?? p}`}
              onClick={() => setParams(({ [p]: _, ...rest }) => rest)}
            />
          }
        >
          <RangesTable
            name={p}
            bands={bands}
            levels={data.levels}
            onChange={(next) => setParams((old) => ({ ...old, [p]: typeof next === 'function' ? next(old[p]) : next }))}
          />
        </Card>
      ))}
      <Space wrap>
        <Select
          aria-label="Thêm thông số"
          placeholder="Thêm thông số có ngưỡng"
          style={{ width: 260 }}
          value={adding}
          onChange={(v) => {
            setParams((old) => ({ ...old, [v]: [{ level: 5, from: 0, to: null }] }));
            setAdding(undefined);
          }}
          options={data.parameters.filter((x) => !(x.key in params)).map((x) => ({ value: x.key, label: x.label }))}
        />
        {can('update', 'monitorings') && (data.ward_id != null || mayEditDefault) && (
          <Button type="primary" onClick={() => void save()}>
            Lưu
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">
        Mỗi khoảng gồm giá trị từ (tính cả, hoặc ngay trên giá trị đến của khoảng trước khi khoảng đó gồm cả giá trị đến) đến (không tính, trừ khoảng cuối và
        khoảng đánh dấu gồm cả giá trị đến); các khoảng phải liền nhau, không chồng và không hở. Mức của một lần đo là mức xấu nhất trong các thông số có
        ngưỡng; trạm mưa xếp cấp theo lượng mưa 24 giờ.
      </Typography.Text>
    </Space>
  );
}

/** Insects: the density bands of each order (insect-wtc/{id}); an order without its own uses the total's. */
function InsectEditor({ wardId }: { wardId: number | null }) {
  const qc = useQueryClient();
  const { can, user } = useSession();
  const orders = useQuery({
    queryKey: [...queryKeys('insect-orders').all, 'web'],
    queryFn: ({ signal }) => client.GET('/api/web/insect-order', { signal }),
  });
  const list = orders.data?.code === 200 ? orders.data.data.entries : [];
  const [picked, setPicked] = useState<number | undefined>();
  const orderId = picked ?? list[0]?.id;
  const key = [...queryKeys('monitorings').all, 'config', 'insect', orderId, wardId];
  const q = useQuery({
    queryKey: key,
    enabled: orderId != null,
    queryFn: ({ signal }) =>
      orderId == null
        ? null
        : client.GET('/api/admin/monitoring-configs/insect-wtc/{id}', { params: { path: { id: orderId }, query: wardId ? { ward_id: wardId } : {} }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const [ranges, setRanges] = useState<BandRange[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (data) setRanges(structuredClone(data.ranges));
    setErrors([]);
  }, [data]);
  if (orders.isLoading) return <LoadingBlock />;
  if (!list.length) return <Alert type="info" showIcon message="Chưa có bộ côn trùng nào đang theo dõi" />;
  const order = list.find((o) => o.id === orderId);
  const save = async () => {
    if (orderId == null) return;
    const env = await withLoading(
      client.PUT('/api/admin/monitoring-configs/insect-wtc/{id}', {
        params: { path: { id: orderId } },
        body: { ranges, ...(wardId ? { ward_id: wardId } : {}) },
      }),
    );
    if (env?.code === 200) {
      setErrors([]);
      await qc.invalidateQueries({ queryKey: key });
      resultPopup(env);
    } else setErrors(refused(env));
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="Bộ côn trùng"
          style={{ width: 280 }}
          value={orderId}
          onChange={setPicked}
          options={list.map((o) => ({ value: o.id, label: `${o.name}${o.scientific_name ? ` (${o.scientific_name})` : ''}` }))}
        />
        {data && (
          <Tag color={data.source === 'ward' ? 'green' : data.source === 'default' ? 'blue' : 'default'}>
            {data.source === 'preset' ? 'Chưa có ngưỡng riêng (theo mật độ tổng)' : SOURCE[data.source]}
          </Tag>
        )}
      </Space>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          message="Chưa lưu được"
          description={
            <ul style={{ margin: 0 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
          data-testid="config-errors"
        />
      )}
      {q.isLoading || !data ? (
        <LoadingBlock />
      ) : (
        <Card size="small" title={`Mật độ ${order?.name ?? ''} (con/m²)`}>
          <RangesTable
            name={order?.code ?? ''}
            bands={ranges}
            levels={data.levels}
            onChange={(next) => setRanges((old) => (typeof next === 'function' ? next(old) : next))}
          />
        </Card>
      )}
      {can('update', 'monitorings') && (data?.ward_id != null || user?.scope === 'all') && (
        <Button type="primary" onClick={() => void save()}>
          Lưu
        </Button>
      )}
    </Space>
  );
}

export function ThresholdConfigsPage() {
  const { user } = useSession();
  // scope 'all' picks any ward (none: the national default); a province officer the wards of their
  // province (the picker asks the server, narrowed to it: every ward can be found, not the first 100)
  const picks = user?.scope === 'all' || user?.scope === 'province';
  const [wardId, setWardId] = useState<number | null>(null);
  return (
    <Card title="Cấu hình ngưỡng quan trắc" variant="borderless">
      {picks && (
        <Space style={{ marginBottom: 16 }} wrap>
          <label htmlFor="config-ward-picker">Phường/xã:</label>
          <RefSelect
            id="config-ward-picker"
            resource="wards"
            value={wardId}
            onChange={(v) => setWardId(v == null || Array.isArray(v) ? null : Number(v))}
            placeholder={user?.scope === 'all' ? 'Mặc định (mọi phường/xã)' : 'Chọn phường/xã thuộc tỉnh của bạn'}
            style={{ width: 320 }}
          />
        </Space>
      )}
      <Tabs
        items={[
          ...KINDS.map((k) => ({ key: k.key, label: k.label, children: <KindEditor kind={k.key} calls={k.calls} wardId={wardId} /> })),
          { key: 'insect', label: 'Côn trùng', children: <InsectEditor wardId={wardId} /> },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}
