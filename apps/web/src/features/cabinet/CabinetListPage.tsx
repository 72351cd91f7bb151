import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CabinetRecord } from '@swap/contracts';
import { useStationSource } from '../../shared/stationChoices';
import { DeviceListPage } from '../device-registry';
import { fieldKey } from '../../shared/devices';
import { CABINET_FORM } from './cabinetForm';
import { cabinetSearchFields, stationLink, SUPPLY_MAP } from './cabinetModel';
import { ConnectivityTag } from '../../shared/connectivity';
import { Can } from '../../shared/Can';
import { BulkCommandDrawer } from '../upgrade';

/** Commands to many cabinets go with one cabinet's commands (operation.cabinet). */
const BULK_CODE = 'operation.cabinet';

/**
 * Product centre → Cabinets.
 * @route /product/cabinet/list
 */
export function CabinetListPage() {
  const { t } = useTranslation();
  const stations = useStationSource(['SWAP', 'INTEGRATED'], (station) => `${station.name} · ${t(`station.type.${station.type}`)}`);
  // The command to many cabinets (docs/firmware.md): the selected rows, or a choice made in the drawer.
  const [bulk, setBulk] = useState<{ open: boolean; used: boolean; cabinetIds: number[] }>({ open: false, used: false, cabinetIds: [] });
  const openBulk = (cabinetIds: number[]) => setBulk({ open: true, used: true, cabinetIds });
  return (
    <>
      <DeviceListPage<CabinetRecord>
        kind="cabinet"
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
        toolbar={
          <Can code={BULK_CODE}>
            <Button icon={<SendOutlined />} onClick={() => openBulk([])}>
              {t('upgrade.bulkCommand')}
            </Button>
          </Can>
        }
        batchActions={[
          {
            key: 'command',
            labelKey: 'upgrade.commandSelected',
            code: BULK_CODE,
            confirmKey: false,
            onClick: (rows) => openBulk(rows.map((r) => r.id)),
          },
        ]}
      />
      {bulk.used ? (
        <Suspense fallback={null}>
          <BulkCommandDrawer open={bulk.open} cabinetIds={bulk.cabinetIds} onClose={() => setBulk((b) => ({ ...b, open: false }))} />
        </Suspense>
      ) : null}
    </>
  );
}
