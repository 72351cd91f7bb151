import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { BatteryTrend } from '@swap/contracts';
import { STATUS_COLORS } from '../../shared/StatusTag';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** State of charge (left axis) and temperature (right axis) over time; loaded lazily. */
export function BatteryTrendChart({ trend }: { trend: BatteryTrend }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const socs = trend.points.map((p) => p.soc);
  const temps = trend.points.map((p) => p.temperature);

  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current);
    const soc = t('trajectory.soc');
    const temperature = t('trajectory.temperature');
    chart.setOption({
      grid: { left: 48, right: 48, top: 40, bottom: 32 },
      legend: { data: [soc, temperature] },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: '%', min: 0, max: 100 },
        { type: 'value', name: '°C', splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line',
          name: soc,
          showSymbol: false,
          color: STATUS_COLORS.processing.color,
          data: trend.points.map((p) => [p.at, p.soc]),
        },
        {
          type: 'line',
          name: temperature,
          yAxisIndex: 1,
          showSymbol: false,
          color: STATUS_COLORS.warning.color,
          data: trend.points.map((p) => [p.at, p.temperature]),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [trend, t]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('trajectory.trendSummary', {
        count: trend.points.length,
        minSoc: Math.min(...socs),
        maxSoc: Math.max(...socs),
        minTemp: Math.min(...temps),
        maxTemp: Math.max(...temps),
      })}
      style={{ width: '100%', height: 280 }}
    />
  );
}
