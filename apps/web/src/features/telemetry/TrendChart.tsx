import { useEffect, useRef } from 'react';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../../shared/StatusTag';
import { trendSummary, type Trend, type TrendSpec } from './trendModel';

echarts.use([LineChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const AXIS_WIDTH = 48;

/** The spec's lines over time, one value axis each side then further right, flags marked along the top; loaded lazily. */
export function TrendChart<P extends { at: string }>({ trend, spec }: { trend: Trend<P>; spec: TrendSpec<P> }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const summary = trendSummary(trend.points, spec);

  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current);
    const flags = spec.flags ?? [];
    const rightAxes = Math.max(0, spec.axes.length - 1);
    chart.setOption({
      grid: { left: AXIS_WIDTH, right: AXIS_WIDTH * Math.max(1, rightAxes), top: 40, bottom: 32 },
      legend: { data: [...spec.lines, ...flags].map((s) => t(s.labelKey)) },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time' },
      yAxis: [
        ...spec.axes.map((axis, i) => ({
          type: 'value',
          name: axis.unit,
          min: axis.min,
          max: axis.max,
          position: i === 0 ? 'left' : 'right',
          offset: i === 0 ? 0 : (i - 1) * AXIS_WIDTH,
          splitLine: { show: i === 0 },
        })),
        // Flags sit on a hidden 0..1 axis: a raised flag is a mark along the top edge.
        { type: 'value', min: 0, max: 1, show: false },
      ],
      series: [
        ...spec.lines.map((line) => ({
          type: 'line',
          name: t(line.labelKey),
          yAxisIndex: line.axis,
          showSymbol: false,
          color: STATUS_COLORS[line.meaning].color,
          data: trend.points.map((p) => [p.at, line.value(p)]),
        })),
        ...flags.map((flag) => ({
          type: 'scatter',
          name: t(flag.labelKey),
          yAxisIndex: spec.axes.length,
          symbol: flag.symbol,
          symbolSize: 10,
          color: STATUS_COLORS[flag.meaning].color,
          tooltip: { valueFormatter: () => t('common.yes') },
          data: trend.points.filter((p) => flag.raised(p)).map((p) => [p.at, 1]),
        })),
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [trend, spec, t]);

  const parts = [
    ...summary.lines.map((line) => t('telemetry.trend.lineRange', { name: t(line.labelKey), min: line.min, max: line.max })),
    ...summary.flags.map((flag) => t('telemetry.trend.flagCount', { name: t(flag.labelKey), count: flag.count })),
  ];
  return (
    <div
      ref={box}
      role="img"
      aria-label={t('telemetry.trend.summary', { count: summary.count, figures: parts.join('; ') })}
      style={{ width: '100%', height: 280 }}
    />
  );
}
