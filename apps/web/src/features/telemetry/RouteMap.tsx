import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrajectoryPoint } from '@swap/contracts';
import { formatDateTime } from '../../shared/format';
import { project } from './trajectoryModel';

/**
 * The route drawn without map tiles (none are reachable offline): a polyline scaled to its
 * bounding box, with start and end markers. Needs at least two points.
 */
export function RouteMap({ points }: { points: TrajectoryPoint[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { width, height, xy } = project(points);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const [sx, sy] = xy[0]!;
  const [ex, ey] = xy[xy.length - 1]!;
  const start = formatDateTime(first.at);
  const end = formatDateTime(last.at);
  const marker = (color: string, label: string) => (
    <Flex align="center" gap={6}>
      <svg width={12} height={12} aria-hidden="true">
        <circle cx={6} cy={6} r={5} fill={color} />
      </svg>
      <Typography.Text>{label}</Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={8}>
      <svg
        viewBox={`0 0 ${width.toFixed(1)} ${height.toFixed(1)}`}
        role="img"
        aria-label={t('telemetry.routeLabel', { count: points.length, start, end })}
        data-testid="route-map"
        style={{ width: '100%', maxHeight: 480, background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
      >
        <polyline
          points={xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth={3}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <circle cx={sx} cy={sy} r={8} fill={token.colorSuccess} stroke={token.colorBgContainer} strokeWidth={2}>
          <title>{`${t('telemetry.start')}: ${start}`}</title>
        </circle>
        <circle cx={ex} cy={ey} r={8} fill={token.colorError} stroke={token.colorBgContainer} strokeWidth={2}>
          <title>{`${t('telemetry.end')}: ${end}`}</title>
        </circle>
      </svg>
      <Flex gap={16}>
        {marker(token.colorSuccess, `${t('telemetry.start')}: ${start}`)}
        {marker(token.colorError, `${t('telemetry.end')}: ${end}`)}
      </Flex>
    </Flex>
  );
}
