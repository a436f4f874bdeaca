import { formatDate } from '@nns/shared/dates';
import { resourceByName } from '@nns/shared/registry';
import { SEASONS } from '@nns/shared/site';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { type AnswerData, client } from '../../core/client';
import { LoadingBlock } from '../../core/loading';
import { queryKeys } from '../../core/query';
import { ResourceDetail } from '../../core/resource';
import { MONTHS, windowOnYear } from './timeline';
import './site.css';

const calendars = resourceByName['seasonal-calendars'];

/** A season calendar as the API answers it (its row, with the plant, ward and region named). */
export type CalendarRow = AnswerData<'/api/admin/seasonal-calendars/{id}', 'get'>['entry'];

const seasonOf = (v: string) => SEASONS.find((s) => s.value === v);

function Bar({ from, to, year, kind }: { from: string; to: string; year: number; kind: 'sow' | 'harvest' }) {
  const w = windowOnYear(from, to, year);
  if (!w) return null;
  const label = `${kind === 'sow' ? 'Gieo trồng' : 'Thu hoạch'} ${formatDate(from)} – ${formatDate(to)}`;
  return (
    <span
      className={`site-tl-bar site-tl-${kind}${w.cutStart ? ' cut-start' : ''}${w.cutEnd ? ' cut-end' : ''}`}
      style={{ left: `${w.left}%`, width: `${w.width}%` }}
      title={label}
      role="img"
      aria-label={label}
    />
  );
}

/** The year as twelve months, one row per calendar, its sowing and harvest windows as bars. */
export function YearTimeline({ rows, year, linkRows = true }: { rows: CalendarRow[]; year: number; linkRows?: boolean }) {
  return (
    <div className="site-tl" data-testid="season-timeline">
      <div className="site-tl-row site-tl-head">
        <div className="site-tl-label">Lịch</div>
        <div className="site-tl-track">
          {MONTHS.map((m) => (
            <span key={m} className="site-tl-month">
              {m}
            </span>
          ))}
        </div>
      </div>
      {rows.map((r) => {
        const s = seasonOf(r.season);
        return (
          <div className="site-tl-row" key={r.id} data-testid={`timeline-row-${r.id}`}>
            <div className="site-tl-label">
              {linkRows ? <Link to={`${calendars.route}/${r.id}/detail`}>{r.name}</Link> : <Typography.Text strong>{r.name}</Typography.Text>}
              <div>
                <Tag color={s?.color}>{s?.label ?? r.season}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.plant?.name ?? ''}
                  {r.visibility === 2 ? ' · không công khai' : ''}
                </Typography.Text>
              </div>
            </div>
            <div className="site-tl-track">
              {MONTHS.map((m) => (
                <span key={m} className="site-tl-cell" />
              ))}
              <Bar from={r.sowing_from} to={r.sowing_to} year={year} kind="sow" />
              <Bar from={r.harvest_from} to={r.harvest_to} year={year} kind="harvest" />
            </div>
          </div>
        );
      })}
      <div className="site-tl-legend">
        <span className="site-tl-key site-tl-sow" /> Gieo trồng
        <span className="site-tl-key site-tl-harvest" /> Thu hoạch
      </div>
    </div>
  );
}

const thisYear = () => new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();

/** Season calendars of a year, per ward: the list screen's timeline view. */
export function CalendarTimelinePage() {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || thisYear();
  const ward = params.get('ward_id') ?? '';
  const set = (k: string, v: string | number | null) => {
    const next = new URLSearchParams(params);
    if (v === null || v === '') next.delete(k);
    else next.set(k, String(v));
    setParams(next, { replace: true });
  };
  const q = useQuery({
    queryKey: queryKeys(calendars.name).list({ timeline: year, ward }),
    queryFn: ({ signal }) =>
      client.GET('/api/admin/seasonal-calendars', {
        params: { query: { year, limit: 100, sort: 'sowing_from', ...(ward ? { ward_id: Number(ward) } : {}) } },
        signal,
      }),
  });
  // about 3,300 wards: the picker asks the server as the officer types
  const [wardSearch, setWardSearch] = useState('');
  const wards = useQuery({
    queryKey: queryKeys('wards').list({ picker: wardSearch }),
    queryFn: ({ signal }) => client.GET('/api/admin/wards', { params: { query: { limit: 50, ...(wardSearch ? { search: wardSearch } : {}) } }, signal }),
  });
  const rows = q.data?.code === 200 ? q.data.data.entries : [];
  const wardOptions = (wards.data?.code === 200 ? wards.data.data.entries : []).map((w) => ({ value: String(w.id), label: w.name }));
  // the chosen ward keeps its name while the picker shows another search
  const chosen = rows.find((r) => String(r.ward_id) === ward)?.ward?.name;
  if (ward && !wardOptions.some((o) => o.value === ward)) wardOptions.unshift({ value: ward, label: chosen ?? `#${ward}` });
  // one block per ward (or region), in the order their first calendar is sown
  const groups = new Map<string, CalendarRow[]>();
  for (const r of rows) {
    const k = r.ward?.name ?? (r.region?.name ? `Vùng ${r.region.name}` : 'Chưa gắn địa bàn');
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return (
    <Card
      variant="borderless"
      className="site-card-wrap"
      title={`Lịch thời vụ năm ${year}`}
      extra={
        <Space wrap>
          <InputNumber aria-label="Năm" min={2000} max={2100} value={year} onChange={(v) => set('year', v ?? null)} />
          <Select
            aria-label="Phường/xã"
            allowClear
            showSearch
            filterOption={false}
            onSearch={setWardSearch}
            placeholder="Mọi phường/xã"
            style={{ width: 240 }}
            value={ward || undefined}
            onChange={(v) => set('ward_id', v ?? null)}
            options={wardOptions}
          />
          <Link to={calendars.route}>Danh sách</Link>
        </Space>
      }
    >
      {q.isLoading ? (
        <LoadingBlock />
      ) : rows.length ? (
        [...groups.entries()].map(([name, list]) => (
          <section key={name} style={{ marginBottom: 24 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {name}
            </Typography.Title>
            <YearTimeline rows={list} year={year} />
          </section>
        ))
      ) : (
        <Empty description={`Chưa có lịch thời vụ năm ${year}`} />
      )}
    </Card>
  );
}

/** The detail screen: the declared fields, then the calendar's windows on its year. */
export function CalendarDetailPage() {
  const { id } = useParams();
  const q = useQuery({
    queryKey: queryKeys(calendars.name).detail(`${id}-tl`),
    queryFn: ({ signal }) => client.GET('/api/admin/seasonal-calendars/{id}', { params: { path: { id: Number(id) } }, signal }),
  });
  const row = q.data?.code === 200 ? q.data.data.entry : undefined;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ResourceDetail key={id} def={calendars} id={id ?? ''} />
      {row ? (
        <Card variant="borderless" title={`Thời vụ trên năm ${row.year}`}>
          <YearTimeline rows={[row]} year={row.year} linkRows={false} />
        </Card>
      ) : null}
    </Space>
  );
}
