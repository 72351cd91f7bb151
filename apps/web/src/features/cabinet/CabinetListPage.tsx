import { useTranslation } from 'react-i18next';
import type { CabinetRecord } from '@swap/contracts';
import { useStationSource } from '../../shared/stationChoices';
import { DeviceListPage } from '../device-registry';
import { fieldKey } from '../../shared/devices';
import { CABINET_FORM, cabinetSearchFields, stationLink, SUPPLY_MAP } from './cabinetModel';
import { ConnectivityTag } from '../../shared/connectivity';

/**
 * Product centre → Cabinets.
 * @route /product/cabinet/list
 */
export function CabinetListPage() {
  const { t } = useTranslation();
  const stations = useStationSource(['SWAP', 'INTEGRATED'], (station) => `${station.name} · ${t(`station.type.${station.type}`)}`);
  return (
    <DeviceListPage<CabinetRecord>
      kind="cabinet"
      exportFilename="cabinets"
      scrollX={1920}
      searchFields={(types, owners) => cabinetSearchFields(types, owners, stations)}
      kindColumns={[
        {
          key: 'online',
          titleKey: fieldKey('connectivity'),
          width: 230,
          render: (r) => <ConnectivityTag online={r.online} lastReportAt={r.lastReportAt} />,
        },
        { key: 'compartmentCount', titleKey: fieldKey('compartmentCount'), kind: 'number' },
        { key: 'stationName', titleKey: fieldKey('stationName'), render: stationLink },
        { key: 'seller', titleKey: fieldKey('seller') },
        { key: 'networkType', titleKey: fieldKey('networkType') },
        { key: 'supplyStatus', titleKey: fieldKey('supplyStatus'), kind: 'status', statusMap: SUPPLY_MAP },
      ]}
      trailingColumns={[{ key: 'lastReportAt', titleKey: fieldKey('lastReportAt'), kind: 'datetime', width: 180 }]}
      form={CABINET_FORM}
    />
  );
}
