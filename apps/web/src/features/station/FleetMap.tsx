import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_MAP_STATES, STATION_TYPES, type StationMap, type StationMapState, type StationType } from '@swap/contracts';
import StationsMap from './StationsMap';
import { stationView } from './stationView';

const NO_FILTERS = {};

/** How many of the stations drawn are online, offline and in alarm, each beside its colour. */
function Legend({ answers }: { answers: readonly StationMap[] }) {
  const { t } = useTranslation();
  const counts: Record<StationMapState, number> = { ONLINE: 0, OFFLINE: 0, ALARM: 0 };
  for (const answer of answers) {
    for (const station of answer.stations) counts[station.state] += 1;
    for (const group of answer.groups) {
      counts.ONLINE += group.online;
      counts.OFFLINE += group.offline;
      counts.ALARM += group.alarm;
    }
  }
  return (
    <Flex component="ul" aria-label={t('station.legend')} gap={16} wrap className="map-legend">
      {STATION_MAP_STATES.map((state) => (
        <li key={state} data-state={state}>
          <span className={`map-legend-dot map-marker-${state.toLowerCase()}`} aria-hidden="true" />
          <Typography.Text>{t('station.legendItem', { state: t(`station.state.${state}`), count: counts[state] })}</Typography.Text>
        </li>
      ))}
    </Flex>
  );
}

/** The fleet map of the station types given (those whose menu the account holds), with its legend. */
export default function FleetMap({ types, height }: { types: readonly StationType[]; height: number }) {
  const { t } = useTranslation();
  const key = types.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const views = useMemo(() => STATION_TYPES.filter((type) => types.includes(type)).map(stationView), [key]);
  return (
    <StationsMap
      views={views}
      filters={NO_FILTERS}
      height={height}
      title={(count) => t('station.fleetTitle', { count })}
      footer={(answers) => <Legend answers={answers} />}
    />
  );
}
