import { Link } from 'react-router';
import { cabinetApi, type CabinetRecord } from '@swap/contracts';
import { deviceDetailPath, fieldKey } from '../../shared/devices';
import type { StatusMap } from '../../shared/StatusTag';
import { ResourceTable } from '../../shared/table';
import { ALARM_FLAG_MAP, SUPPLY_MAP } from '../cabinet';

const ONLINE_MAP: StatusMap = {
  true: { meaning: 'success', labelKey: 'station.online.true' },
  false: { meaning: 'default', labelKey: 'station.online.false' },
};

/** The cabinets of one station (StationCabinets loads it with its card). */
export default function StationCabinetsTable({ stationId }: { stationId: number }) {
  return (
    <ResourceTable<CabinetRecord, typeof cabinetApi.search>
      endpoints={{ search: cabinetApi.search }}
      filters={{ stationId }}
      rowKey="id"
      scrollX={1000}
      columns={[
        {
          key: 'number',
          titleKey: fieldKey('number'),
          sortable: true,
          width: 160,
          render: (r) => <Link to={deviceDetailPath('cabinet', r.id)}>{r.number}</Link>,
        },
        { key: 'online', titleKey: fieldKey('online'), width: 120, kind: 'status', statusMap: ONLINE_MAP },
        { key: 'swappableCount', titleKey: fieldKey('swappableCount'), width: 140, kind: 'number' },
        { key: 'compartmentCount', titleKey: fieldKey('compartmentCount'), width: 130, kind: 'number' },
        { key: 'waterAlarm', titleKey: fieldKey('waterAlarm'), width: 120, kind: 'status', statusMap: ALARM_FLAG_MAP },
        { key: 'smokeAlarm', titleKey: fieldKey('smokeAlarm'), width: 120, kind: 'status', statusMap: ALARM_FLAG_MAP },
        { key: 'supplyStatus', titleKey: fieldKey('supplyStatus'), width: 130, kind: 'status', statusMap: SUPPLY_MAP },
        { key: 'lastReportAt', titleKey: fieldKey('lastReportAt'), width: 180, kind: 'datetime' },
      ]}
    />
  );
}
