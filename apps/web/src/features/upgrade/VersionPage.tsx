import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareApi, type VersionRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { ListPage } from '../../shared/table';
import { useTypeOptions } from '../device-registry';

const VersionDevicesDrawer = lazy(async () => ({ default: (await import('./VersionDevicesDrawer')).VersionDevicesDrawer }));

/**
 * System → Upgrades → Versions: per cabinet type, how many of the caller's cabinets run each version
 * (or have not reported one), whether a firmware file holds it, and those cabinets one by one.
 * @route /updrade/version
 */
export function VersionPage() {
  const { t } = useTranslation();
  const types = useTypeOptions('cabinet');
  const [showing, setShowingState] = useState<VersionRecord | null>(null);
  // The drawer stays mounted once opened, so it closes with its animation.
  const [opened, setOpened] = useState(false);
  const setShowing = (version: VersionRecord | null) => {
    if (version) setOpened(true);
    setShowingState(version);
  };
  return (
    <ListPage
      titleKey="nav.updrade.version"
      endpoints={{ search: firmwareApi.versions }}
      rowKey={(r) => `${r.typeId}:${r.version ?? ''}`}
      scrollX={800}
      searchFields={[{ name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types }]}
      columns={[
        { key: 'typeName', titleKey: fieldKey('typeId'), width: 200 },
        { key: 'version', titleKey: fieldKey('firmwareVersion'), width: 180, render: (r) => r.version ?? t('upgrade.noVersion') },
        { key: 'deviceCount', titleKey: fieldKey('deviceCount'), kind: 'number', width: 120 },
        { key: 'hasFirmware', titleKey: 'upgrade.hasFirmware', kind: 'boolean', width: 160 },
      ]}
      rowActions={[{ key: 'devices', labelKey: 'upgrade.viewDevices', onClick: (r) => setShowing(r) }]}
    >
      {opened ? (
        <Suspense fallback={null}>
          <VersionDevicesDrawer version={showing} onClose={() => setShowing(null)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
