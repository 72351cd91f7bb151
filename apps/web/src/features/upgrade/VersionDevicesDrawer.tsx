import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { firmwareApi, type VersionDeviceRecord, type VersionRecord } from '@swap/contracts';
import { ConnectivityTag } from '../../shared/connectivity';
import { fieldKey } from '../../shared/devices';
import { ResourceTable } from '../../shared/table';

/** The cabinets of a type that run one version (or have reported none), each with its connection. */
export function VersionDevicesDrawer({ version: showing, onClose }: { version: VersionRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const versionText = (version: string | null) => version ?? t('upgrade.noVersion');
  return (
    <Drawer
      open={showing !== null}
      title={showing ? t('upgrade.devicesTitle', { type: showing.typeName, version: versionText(showing.version) }) : ''}
      size={820}
      destroyOnHidden
      onClose={onClose}
    >
      {showing ? (
        <ResourceTable<VersionDeviceRecord, typeof firmwareApi.versionDevices>
          endpoints={{ search: firmwareApi.versionDevices }}
          filters={{ typeId: showing.typeId, version: showing.version ?? '' }}
          rowKey="id"
          scrollX={700}
          columns={[
            { key: 'number', titleKey: fieldKey('number'), sortable: true, width: 180 },
            { key: 'firmwareVersion', titleKey: fieldKey('firmwareVersion'), width: 160, render: (r) => versionText(r.firmwareVersion) },
            {
              key: 'online',
              titleKey: fieldKey('connectivity'),
              width: 230,
              render: (r) => <ConnectivityTag online={r.online} lastReportAt={r.lastReportAt} />,
            },
            { key: 'lastReportAt', titleKey: fieldKey('lastReportAt'), kind: 'datetime', sortable: true, width: 190 },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
