import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

const fmt = (v: number) => v.toLocaleString('vi-VN', { maximumFractionDigits: 2 });
const dm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Measured flow over time against the permitted flow (a dashed line); days over a limit as red points. */
export function FlowChart({ series, permitted }: { series: { date: string; flow: number; status: number }[]; permitted: number | null }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      animation: false,
      grid: { left: 64, right: 24, top: 36, bottom: 40 },
      legend: { data: ['Lưu lượng đo', 'Lưu lượng cho phép'], top: 0 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number) => `${fmt(v)} m³/ngày`,
      },
      xAxis: { type: 'category', data: series.map((p) => dm(p.date)), axisLabel: { hideOverlap: true } },
      // the permitted flow always in view, even when every measurement is far below it
      yAxis: {
        type: 'value',
        name: 'm³/ngày',
        max: (v: { max: number }) => Math.ceil(Math.max(v.max, permitted ?? 0) * 1.1),
        axisLabel: { formatter: (v: number) => fmt(v) },
      },
      series: [
        {
          name: 'Lưu lượng đo',
          type: 'line',
          symbolSize: 6,
          data: series.map((p) => ({ value: p.flow, itemStyle: p.status === 2 ? { color: '#cf1322' } : undefined, symbolSize: p.status === 2 ? 9 : 5 })),
          lineStyle: { color: '#1677ff' },
          itemStyle: { color: '#1677ff' },
          // a line across the chart even with a single measurement
          markLine:
            permitted == null
              ? undefined
              : {
                  symbol: 'none',
                  silent: true,
                  lineStyle: { type: 'dashed', color: '#fa8c16', width: 2 },
                  label: { formatter: `Cho phép ${fmt(permitted)}`, position: 'insideEndTop', color: '#ad4e00' },
                  data: [{ yAxis: permitted }],
                },
        },
        {
          name: 'Lưu lượng cho phép',
          type: 'line',
          showSymbol: false,
          data: series.map(() => permitted),
          lineStyle: { type: 'dashed', color: '#fa8c16', width: 2 },
          itemStyle: { color: '#fa8c16' },
        },
      ],
    });
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => chart.resize()) : null;
    ro?.observe(el.current);
    return () => {
      ro?.disconnect();
      chart.dispose();
    };
  }, [series, permitted]);
  return (
    <div ref={el} role="img" aria-label="Biểu đồ lưu lượng đo so với lưu lượng cho phép" data-testid="flow-chart" style={{ height: 320, width: '100%' }} />
  );
}
