import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_COMMAND_NAMES, commandTaskAdd, firmwareApi, type TaskRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { useTypeOptions } from '../device-registry';
import { TaskProgressDrawer } from './TaskProgressDrawer';
import { useCabinetChoiceFields } from './UpgradeForm';

export interface BulkCommandDrawerProps {
  open: boolean;
  /** The cabinets chosen on the list, offered as the drawer's first choice. */
  cabinetIds: number[];
  onClose: () => void;
}

/**
 * A command of the device link to many cabinets (docs/firmware.md, "Tasks"): the cabinets (those
 * selected on the list, or all of a type, a station or a merchant), the command and the pace; once
 * sent, the drawer follows its progress cabinet by cabinet, with Retry and Stop.
 */
export function BulkCommandDrawer({ open, cabinetIds, onClose }: BulkCommandDrawerProps) {
  const { t } = useTranslation();
  const types = useTypeOptions('cabinet', open);
  const choice = useCabinetChoiceFields(types);
  const [task, setTask] = useState<number | null>(null);
  // The form closes itself after sending: the drawer then shows the progress instead of closing.
  const sent = useRef(false);
  const fields: FormField<'name' | 'compartment' | (typeof choice)[number]['name']>[] = [
    {
      name: 'name',
      labelKey: fieldKey('command'),
      type: 'select',
      options: BULK_COMMAND_NAMES.map((name) => ({ value: name, labelKey: `command.name.${name}` })),
    },
    {
      name: 'compartment',
      labelKey: fieldKey('compartment'),
      type: 'number',
      min: 1,
      max: 64,
      precision: 0,
      helpKey: 'upgrade.compartmentHelp',
    },
    ...choice,
  ];
  return (
    <>
      <ResourceForm
        open={open && task === null}
        mode="add"
        title={t('upgrade.bulkTitle')}
        schema={commandTaskAdd}
        width={620}
        fields={fields}
        initialValues={{ devicesPerMinute: 60, ...(cabinetIds.length > 0 ? { cabinetIds } : {}) }}
        submit={firmwareApi.commandTask}
        successKey="upgrade.commandStarted"
        onSaved={(started) => {
          sent.current = true;
          setTask((started as TaskRecord).id);
        }}
        onClose={() => {
          if (!sent.current) onClose();
        }}
      />
      <TaskProgressDrawer
        taskId={open ? task : null}
        from="cabinets"
        onClose={() => {
          sent.current = false;
          setTask(null);
          onClose();
        }}
      />
    </>
  );
}
