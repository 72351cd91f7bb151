import { useEffect, useRef } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../../shared/StatusTag';

// Modular ECharts: only the bar chart, its grid and tooltip, drawn on canvas.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Cell voltages as bars, lowest and highest cells marked; loaded lazily by the battery detail page. */
export function CellVoltageChart({ voltages }: { voltages: number[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const min = Math.min(...voltages);
  const max = Math.max(...voltages);

  useEffect(() => {
    if (!box.current) return undefined;
    const chart = echarts.init(box.current);
    const cell = t('battery.cell');
    chart.setOption({
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `${String(value)} V` },
      xAxis: { type: 'category', data: voltages.map((_v, i) => `${cell} ${i + 1}`), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: 'V', min: (range: { min: number }) => Math.floor(range.min * 10) / 10 - 0.1 },
      series: [
        {
          type: 'bar',
          name: t('field.cellVoltages'),
          data: voltages.map((value) => ({
            value,
            // Extremes stand out: the spread between them is what a technician looks at.
            itemStyle: {
              color:
                value === min ? STATUS_COLORS.warning.color : value === max ? STATUS_COLORS.error.color : STATUS_COLORS.processing.color,
            },
          })),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [voltages, min, max, t]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('battery.cellSummary', {
        count: voltages.length,
        min: min.toFixed(3),
        max: max.toFixed(3),
        spread: ((max - min) * 1000).toFixed(0),
      })}
      style={{ width: '100%', height: 280 }}
    />
  );
}
