import type { BandRange } from '@nns/shared/monitoring';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { textOn } from './band-tag';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, MarkAreaComponent, CanvasRenderer]);

export interface Point {
  t: string;
  n: number;
  min: number;
  mean: number;
  max: number;
}

/** A round axis end (1, 2, 2.5 or 5 × 10^k, away from zero), so the end tick is a tidy number. */
function nice(v: number): number {
  if (v === 0) return 0;
  const a = Math.abs(v);
  const k = 10 ** Math.floor(Math.log10(a));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * k >= a) as number;
  return Math.sign(v) * step * k;
}

const fmt = (v: number) => v.toLocaleString('vi-VN', { maximumFractionDigits: 2 });
const vnTime = (t: number, withHour: boolean) => {
  const d = new Date(t + 7 * 3_600_000);
  const dd = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return withHour ? `${dd} ${String(d.getUTCHours()).padStart(2, '0')}:00` : `${dd}/${d.getUTCFullYear()}`;
};

/**
 * One parameter over time with ECharts: the mean per interval as a line, min and max as thin
 * lines, and the config's bands drawn behind as coloured horizontal areas.
 */
export function ParameterChart({
  label,
  unit,
  points,
  bands,
  colorOf,
  labelOf,
  hourly,
  category,
}: {
  label: string;
  unit: string;
  points: Point[];
  bands?: BandRange[];
  colorOf: (level: number) => string;
  labelOf: (level: number) => string;
  hourly: boolean;
  /** the decision's own category of a value (VN_AQI, VN_WQI), named in the tooltip with its colour */
  category?: (v: number) => { label: string; color: string } | null;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    // a phone: the legend on its own line above the axis's unit, smaller margins
    const narrow = el.current.clientWidth < 500;
    const values = points.flatMap((p) => [p.min, p.max]);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
    const yMin = lo >= 0 ? 0 : lo - pad;
    const yMax = hi + pad;
    // the bands clipped to the axis's ends; one wholly outside is left out (it would draw its caption on the edge)
    const axisMin = nice(yMin);
    const axisMax = nice(yMax);
    const areas = (bands ?? [])
      .filter((b) => Math.max(b.from ?? axisMin, axisMin) < Math.min(b.to ?? axisMax, axisMax))
      .map((b) => [
        { yAxis: Math.max(b.from ?? axisMin, axisMin), name: labelOf(b.level), itemStyle: { color: b.color ?? colorOf(b.level), opacity: 0.14 } },
        { yAxis: Math.min(b.to ?? axisMax, axisMax) },
      ]);
    const line = (name: string, key: 'min' | 'mean' | 'max', extra: object) => ({
      name,
      type: 'line' as const,
      showSymbol: points.length < 60,
      data: points.map((p) => [Date.parse(p.t), Number(p[key].toFixed(3))]),
      ...extra,
    });
    chart.setOption({
      animation: false,
      grid: { left: narrow ? 44 : 56, right: narrow ? 12 : 24, top: narrow ? 58 : 36, bottom: 40 },
      legend: { top: 4, itemGap: narrow ? 6 : 10, data: ['Trung bình', 'Nhỏ nhất', 'Lớn nhất'] },
      tooltip: category
        ? {
            trigger: 'axis',
            // each value with the decision's category in its official colour
            formatter: (ps: { marker: string; seriesName: string; value: [number, number] }[]) =>
              [
                ps.length ? vnTime(ps[0].value[0], hourly) : '',
                ...ps.map((x) => {
                  const c = category(x.value[1]);
                  const chip = c ? ` <span style="background:${c.color};color:${textOn(c.color)};padding:0 4px;border-radius:2px">${c.label}</span>` : '';
                  return `${x.marker}${x.seriesName}: <b>${fmt(x.value[1])}${unit ? ` ${unit}` : ''}</b>${chip}`;
                }),
              ].join('<br/>'),
          }
        : {
            trigger: 'axis',
            valueFormatter: (v: number) => `${fmt(v)}${unit ? ` ${unit}` : ''}`,
          },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (v: number) => vnTime(v, hourly) } },
      yAxis: { type: 'value', min: axisMin, max: axisMax, name: unit, axisLabel: { formatter: (v: number) => fmt(v) } },
      series: [
        line('Trung bình', 'mean', {
          lineStyle: { width: 2, color: '#1f3b57' },
          itemStyle: { color: '#1f3b57' },
          markArea: { silent: true, data: areas, label: { show: true, position: 'insideRight', color: '#555', fontSize: 11 } },
        }),
        line('Nhỏ nhất', 'min', { lineStyle: { width: 1, type: 'dashed', color: '#7a8a99' }, itemStyle: { color: '#7a8a99' }, showSymbol: false }),
        line('Lớn nhất', 'max', { lineStyle: { width: 1, type: 'dashed', color: '#b4543c' }, itemStyle: { color: '#b4543c' }, showSymbol: false }),
      ],
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [points, bands, unit, hourly, colorOf, labelOf, category]);
  return <div ref={el} role="img" aria-label={`Biểu đồ ${label}`} data-testid={`chart-${label}`} style={{ width: '100%', height: 280 }} />;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

/** Several series on one axis (densities of each insect order): the mean per interval, one line each. */
export function MultiLineChart({ label, unit, lines, hourly }: { label: string; unit: string; lines: { name: string; points: Point[] }[]; hourly: boolean }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    const narrow = el.current.clientWidth < 500;
    chart.setOption({
      animation: false,
      color: PALETTE,
      grid: { left: 48, right: 16, top: narrow ? 84 : 48, bottom: 40 },
      legend: { top: 4, type: 'scroll' },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${fmt(v)}${unit ? ` ${unit}` : ''}` },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (v: number) => vnTime(v, hourly) } },
      yAxis: { type: 'value', min: 0, name: unit, axisLabel: { formatter: (v: number) => fmt(v) } },
      series: lines.map((l) => ({
        name: l.name,
        type: 'line' as const,
        showSymbol: l.points.length < 40,
        data: l.points.map((p) => [Date.parse(p.t), Number(p.mean.toFixed(3))]),
      })),
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [lines, unit, hourly]);
  return <div ref={el} role="img" aria-label={`Biểu đồ ${label}`} data-testid={`chart-${label}`} style={{ width: '100%', height: 320 }} />;
}
