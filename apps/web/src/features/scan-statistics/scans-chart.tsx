import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { AnswerData } from '../../core/client';

type ScanStatisticsDay = AnswerData<'/api/admin/scan-statistics', 'get'>['daily'][number];

// only what this chart draws, so the screen's chunk carries a small part of ECharts
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** Scans per day as an ECharts bar and line chart (ECharts: maintained, tree-shakable, SVG output; in this screen's chunk only). */
export function ScansChart({ days }: { days: ScanStatisticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = init(box.current, undefined, { renderer: 'svg' });
    const onResize = () => chart.resize();
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: ['Lượt quét', 'Lượt quét đầu', 'Tem nghi giả'], bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 56 },
      xAxis: { type: 'category', data: days.map((d) => d.day.split('-').reverse().slice(0, 2).join('/')) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: 'Lượt quét', type: 'bar', data: days.map((d) => d.scans), itemStyle: { color: '#389e0d' } },
        { name: 'Lượt quét đầu', type: 'line', data: days.map((d) => d.first_scans), itemStyle: { color: '#1677ff' } },
        { name: 'Tem nghi giả', type: 'line', data: days.map((d) => d.flagged), itemStyle: { color: '#cf1322' } },
      ],
    });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [days]);
  return <div ref={box} style={{ width: '100%', height: 300 }} role="img" aria-label="Biểu đồ số lượt quét theo ngày" data-testid="scans-chart" />;
}
