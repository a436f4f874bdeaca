import { formatDate, formatNumber } from '@nns/shared';
import { parameterLabel, WASTEWATER_TYPES, wastewaterColor } from '@nns/shared/discharge';
import { PUBLIC_STATUS } from '@nns/shared/enums';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Col, DatePicker, Row, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import L from 'leaflet';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { RefSelect } from '../../core/resource/ref-select';
import { ClusterMap, type PickedWork } from './cluster-map';
import './discharge.css';

/** 'tháng này', '12 tháng gần nhất', 'tháng 09/2026': what 'vượt giới hạn' speaks of. */
const periodText = (p: AnswerData<'/api/admin/discharge-constructs/overview', 'get'>['period']) =>
  p.kind === 'this-month' ? 'tháng này' : p.kind === 'last-12-months' ? '12 tháng gần nhất' : `tháng ${p.from.slice(5)}/${p.from.slice(0, 4)}`;
const PERIODS = [
  { value: 'this-month', label: 'Tháng này' },
  { value: 'last-12-months', label: '12 tháng gần nhất' },
  { value: 'month', label: 'Chọn tháng…' },
];

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v: unknown) => (v == null ? 'Không có dữ liệu' : formatNumber(Number(v)));

/** The discharge overview: every work in the user's scope, clustered, coloured by type, filtered; a popup per work. */
export function OverviewPage() {
  const navigate = useNavigate();
  const [type, setType] = useState<number[]>([]);
  const [ward, setWard] = useState<number | null>(null);
  const [pub, setPub] = useState<number | null>(null);
  const [exceeded, setExceeded] = useState(false);
  const [periodKind, setPeriodKind] = useState('this-month');
  const [month, setMonth] = useState<Dayjs | null>(null);
  const query: Record<string, string> = {};
  if (type.length) query.wastewater_type = type.join(',');
  if (ward) query.ward_id = String(ward);
  if (pub) query.public_status = String(pub);
  if (exceeded) query.exceeded = '1';
  if (periodKind === 'last-12-months') query.period = periodKind;
  if (periodKind === 'month' && month) query.period = month.format('YYYY-MM');
  const q = useQuery({
    queryKey: [...queryKeys('discharge-constructs').all, 'overview', query],
    queryFn: ({ signal }) => client.GET('/api/admin/discharge-constructs/overview', { params: { query }, signal }),
  });
  const data = q.data?.code === 200 ? q.data.data : null;
  const points = useMemo(() => data?.points ?? [], [data]);

  const onPick = useCallback(
    async (w: PickedWork, at: L.LatLng, map: L.Map) => {
      const el = document.createElement('div');
      el.className = 'nns-discharge-popup';
      el.textContent = 'Đang tải...';
      const popup = L.popup({ maxWidth: 320 }).setLatLng(at).setContent(el).openOn(map);
      const r = await client.GET('/api/admin/discharge-constructs/{id}', { params: { path: { id: w.id } } });
      if (r.code !== 200) {
        el.textContent = r.message || 'Không tải được công trình';
        return;
      }
      const e = r.data.entry;
      const typeLabel = WASTEWATER_TYPES.find((o) => o.value === e.wastewater_type)?.label ?? '';
      el.innerHTML = `<strong>${esc(e.code)} · ${esc(e.name)}</strong>
        <div style="margin:4px 0;color:${wastewaterColor(e.wastewater_type)};font-weight:600">${esc(typeLabel)}</div>
        <dl>
          <dt>Giấy phép</dt><dd>${esc(e.permit_number || 'Không có dữ liệu')}</dd>
          <dt>Lưu lượng cho phép</dt><dd>${esc(num(e.permitted_flow))} m³/ngày đêm</dd>
          <dt>Đo gần nhất</dt><dd>${esc(num(e.last_flow))} m³/ngày (${esc(formatDate(e.last_measured_date))})</dd>
          <dt>Vượt giới hạn gần nhất</dt><dd style="color:${w.exceeded ? '#a8071a' : 'inherit'}">${esc(formatDate(e.last_exceeded_date))}</dd>
        </dl>`;
      const link = document.createElement('a');
      link.href = `/admin/discharge-construction/detail/${w.id}`;
      link.textContent = 'Xem chi tiết công trình';
      link.style.display = 'inline-block';
      link.style.marginTop = '6px';
      link.addEventListener('click', (ev) => {
        ev.preventDefault();
        popup.close();
        navigate(`/admin/discharge-construction/detail/${w.id}`);
      });
      el.appendChild(link);
      popup.update();
    },
    [navigate],
  );

  return (
    <Card title="Bản đồ công trình xả thải" variant="borderless">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          mode="multiple"
          allowClear
          aria-label="Loại nước thải"
          placeholder="Loại nước thải"
          style={{ minWidth: 220 }}
          value={type}
          onChange={setType}
          options={WASTEWATER_TYPES.map((o) => ({ value: o.value as number, label: o.label }))}
        />
        <div style={{ minWidth: 240 }}>
          <label htmlFor="discharge-ward-filter" className="nns-visually-hidden">
            Phường/xã
          </label>
          <RefSelect
            id="discharge-ward-filter"
            resource="wards"
            placeholder="Phường/xã"
            style={{ width: 240 }}
            value={ward}
            onChange={(v) => setWard((v as number | null) ?? null)}
          />
        </div>
        <Select
          allowClear
          aria-label="Trạng thái công khai"
          placeholder="Trạng thái công khai"
          style={{ minWidth: 180 }}
          value={pub}
          onChange={(v) => setPub(v ?? null)}
          options={PUBLIC_STATUS.map((o) => ({ value: o.value as number, label: o.label }))}
        />
        <Space size={4}>
          <Checkbox checked={exceeded} onChange={(e) => setExceeded(e.target.checked)}>
            Chỉ công trình vượt giới hạn trong
          </Checkbox>
          <Select aria-label="Kỳ vượt giới hạn" style={{ width: 170 }} value={periodKind} onChange={setPeriodKind} options={PERIODS} />
          {periodKind === 'month' && (
            <DatePicker
              picker="month"
              aria-label="Tháng"
              format="MM/YYYY"
              placeholder="Chọn tháng"
              value={month}
              onChange={setMonth}
              disabledDate={(d) => d.isAfter(new Date(), 'month')}
            />
          )}
        </Space>
      </Space>
      {q.isLoading && <LoadingBlock height={520} />}
      {!q.isLoading && !data && <Alert type="error" showIcon message={q.data?.message || 'Không tải được bản đồ'} />}
      {data && (
        <Row gutter={[16, 12]}>
          <Col span={24}>
            <Space wrap size={4} data-testid="discharge-legend">
              {data.counts.map((c) => (
                <span key={c.wastewater_type} className="nns-discharge-legend">
                  <span className="nns-discharge-dot" style={{ background: c.color }} />
                  {c.label}: <strong>{formatNumber(c.n)}</strong>
                </span>
              ))}
              <Typography.Text type={data.exceeded ? 'danger' : 'secondary'} data-testid="exceeded-count">
                Vượt giới hạn {periodText(data.period)}: <strong>{formatNumber(data.exceeded)}</strong>
              </Typography.Text>
            </Space>
          </Col>
          <Col span={24}>
            <ClusterMap points={points} colorOf={wastewaterColor} onPick={(w, at, map) => void onPick(w, at, map)} label="Bản đồ công trình xả thải" />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              Màu theo loại nước thải. Viền đỏ đậm quanh một công trình, hoặc số màu đỏ trên một nhóm: {parameterLabel('flow').toLowerCase()} hoặc chất lượng
              nước thải vượt giới hạn trong {periodText(data.period)}. Bấm vào một nhóm để phóng to, bấm vào một công trình để xem số liệu.
            </Typography.Paragraph>
          </Col>
        </Row>
      )}
    </Card>
  );
}
