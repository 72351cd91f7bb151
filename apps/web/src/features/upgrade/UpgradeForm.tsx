import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cabinetOptionsEndpoint, firmwareApi, upgradeTaskAdd, type FirmwareRecord, type TaskRecord } from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import { fieldKey } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { merchantSource } from '../../shared/merchantChoices';
import { isPlatformUser } from '../../shared/session';
import { useStationSource } from '../../shared/stationChoices';
import type { SearchOption } from '../../shared/table';

type ChoiceField = 'cabinetIds' | 'typeId' | 'stationId' | 'merchantId' | 'devicesPerMinute';

/** The caller's cabinets of a type as choices by number, each with the version it runs. */
export function useCabinetSource(typeId?: number) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      endpointSource(
        cabinetOptionsEndpoint,
        (cabinet) => ({ value: cabinet.id, label: `${cabinet.number} · ${cabinet.firmwareVersion ?? t('upgrade.noVersion')}` }),
        typeId === undefined ? {} : { typeId },
      ),
    [typeId, t],
  );
}

/** The cabinet choice of a task: by list, type, station or merchant (each narrows the others), and the pace. */
export function useCabinetChoiceFields(types: SearchOption[], cabinetTypeId?: number): FormField<ChoiceField>[] {
  const cabinets = useCabinetSource(cabinetTypeId);
  const stations = useStationSource(['SWAP', 'INTEGRATED'], (station) => station.name);
  return [
    {
      name: 'cabinetIds',
      labelKey: fieldKey('cabinetIds'),
      type: 'select',
      source: cabinets,
      multiple: true,
      helpKey: 'upgrade.choiceHelp',
    },
    { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
    ...(stations ? [{ name: 'stationId', labelKey: fieldKey('stationId'), type: 'select', source: stations } as const] : []),
    ...(isPlatformUser()
      ? [{ name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'select', source: merchantSource } as const]
      : []),
    {
      name: 'devicesPerMinute',
      labelKey: fieldKey('devicesPerMinute'),
      type: 'number',
      min: 1,
      max: 1000,
      precision: 0,
      helpKey: 'upgrade.paceHelp',
    },
  ];
}

/**
 * The Upgrade drawer of a firmware file: the cabinets of its type to install it on and the pace;
 * nothing chosen is answered "Please choose a cabinet before upgrade" (docs/firmware.md, "Tasks").
 */
export function UpgradeForm({
  firmware,
  onClose,
  onStarted,
}: {
  firmware: FirmwareRecord | null;
  onClose: () => void;
  onStarted: (task: TaskRecord) => void;
}) {
  const { t } = useTranslation();
  const fields = useCabinetChoiceFields(
    firmware ? [{ value: firmware.typeId, label: t('upgrade.allOfType', { type: firmware.typeName }) }] : [],
    firmware?.typeId,
  );
  return (
    <ResourceForm
      open={firmware !== null}
      mode="add"
      title={firmware ? t('upgrade.upgradeTitle', { version: firmware.version, type: firmware.typeName }) : ''}
      schema={upgradeTaskAdd}
      width={620}
      fields={fields}
      initialValues={{ devicesPerMinute: 60 }}
      extraValues={firmware ? { firmwareId: firmware.id } : undefined}
      submit={firmwareApi.upgrade}
      successKey="upgrade.started"
      refresh={[firmwareApi.tasks]}
      onSaved={(task) => onStarted(task as TaskRecord)}
      onClose={onClose}
    />
  );
}
