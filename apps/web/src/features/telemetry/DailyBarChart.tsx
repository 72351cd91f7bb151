import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { STATUS_COLORS, type StatusMeaning } from '../../shared/StatusTag';

// Modular ECharts: only the bar chart, its grid and tooltip, drawn on canvas.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface DailyBars {
  /** The series' name, in the reader's language. */
  name: string;
  /** The values' unit, in the tooltip (the caption the page gives the chart names it too). */
  unit: string;
  /** Whole numbers only (counts): the axis steps by one at least. */
  whole?: boolean;
  meaning: StatusMeaning;
  /** Day labels (already formatted) and their values; null: nothing reported that day. */
  days: string[];
  values: (number | null)[];
  /** What the chart shows, read by screen readers. */
  summary: string;
}

/** One value per day (or hour) as bars (a vehicle's statistics, the dashboard's trends); loaded lazily with ECharts. */
export function DailyBarChart({ bars, height = 220 }: { bars: DailyBars; height?: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current);
    chart.setOption({
      grid: { left: 48, right: 16, top: 12, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? `${value} ${bars.unit}`.trim() : '–') },
      xAxis: { type: 'category', data: bars.days, axisLabel: { hideOverlap: true } },
      // No axis name: ECharts drew it above the grid, cut off at the canvas's top; each chart's
      // caption names the unit as page text ("Energy (kWh)"), and the tooltip gives it with each value.
      yAxis: { type: 'value', minInterval: bars.whole ? 1 : 0 },
      series: [{ type: 'bar', name: bars.name, color: STATUS_COLORS[bars.meaning].color, data: bars.values }],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [bars]);

  return <div ref={box} role="img" aria-label={bars.summary} style={{ width: '100%', height }} />;
}
