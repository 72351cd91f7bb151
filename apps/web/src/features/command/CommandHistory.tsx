import { commandApi, type CommandRecord, type SortColumnOf } from '@swap/contracts';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { COMMAND_STATUS_MAP, HISTORY_SEARCH_FIELDS, commandLabelKey } from './commandModel';
import { useTranslation } from 'react-i18next';

export type CommandHistoryProps = { cabinetId: number; batteryId?: never } | { batteryId: number; cabinetId?: never };

/** A cabinet's (or battery's) commands, newest first: what, where, status, who and the failure in the reader's language. */
export function CommandHistory(props: CommandHistoryProps) {
  const { t } = useTranslation();
  const forCabinet = props.cabinetId !== undefined;
  const columns: ResourceColumn<CommandRecord, SortColumnOf<typeof commandApi.cabinetSearch>>[] = [
    { key: 'issuedAt', titleKey: 'command.field.issuedAt', kind: 'datetime', width: 180 },
    { key: 'name', titleKey: 'command.field.name', width: 170, render: (r) => t(commandLabelKey(r.name)) },
    { key: 'compartment', titleKey: 'command.field.compartment', width: 110, render: (r) => r.compartment ?? t('common.empty') },
    forCabinet
      ? { key: 'batteryNumber', titleKey: 'command.field.battery', width: 140, render: (r) => r.batteryNumber ?? t('common.empty') }
      : { key: 'cabinetNumber', titleKey: 'command.field.cabinet', width: 140 },
    { key: 'status', titleKey: 'command.field.status', kind: 'status', statusMap: COMMAND_STATUS_MAP, width: 130 },
    { key: 'issuedByName', titleKey: 'command.field.issuedBy', width: 140 },
    { key: 'failureMessage', titleKey: 'command.field.failure', width: 240, render: (r) => r.failureMessage ?? t('common.empty') },
    { key: 'finishedAt', titleKey: 'command.field.finishedAt', kind: 'datetime', width: 180 },
  ];
  return (
    <ResourceTable<CommandRecord, typeof commandApi.cabinetSearch | typeof commandApi.batterySearch>
      endpoints={forCabinet ? { search: commandApi.cabinetSearch, export: commandApi.cabinetExport } : { search: commandApi.batterySearch }}
      filters={forCabinet ? { cabinetId: props.cabinetId } : { batteryId: props.batteryId }}
      searchFields={HISTORY_SEARCH_FIELDS}
      columns={columns}
      rowKey="id"
      scrollX={1300}
    />
  );
}
