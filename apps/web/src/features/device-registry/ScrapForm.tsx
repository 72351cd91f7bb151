import { useTranslation } from 'react-i18next';
import { deviceScrap, type DeviceKind } from '@swap/contracts';
import { ResourceForm } from '../../shared/form';
import { fieldKey } from '../../shared/devices';
import { useDeviceChanges } from './deviceQueries';

/** Scrap one device: the reason is asked, then a confirm prompt, then POST <kind>/scrap. */
export function ScrapForm({
  kind,
  device,
  onClose,
  onSaved,
}: {
  kind: DeviceKind;
  device: { id: number; number: string } | null;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const changes = useDeviceChanges(kind);
  return (
    <ResourceForm
      open={device !== null}
      mode="edit"
      container="modal"
      title={t('deviceRegistry.scrapTitle', { number: device?.number ?? '' })}
      schema={deviceScrap}
      fields={[{ name: 'reason', labelKey: fieldKey('reason'), type: 'textarea', maxLength: 200, rows: 3 }]}
      extraValues={device ? { ids: [device.id] } : undefined}
      confirmKey="deviceRegistry.confirmScrap"
      successKey="deviceRegistry.scrapped"
      submit={changes.scrap}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
