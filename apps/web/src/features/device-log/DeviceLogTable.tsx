import { useEffect, useRef } from 'react';
import {
  DEVICE_LOG_KINDS,
  deviceLogApi,
  type DeviceLogKind,
  type DeviceLogRecord,
  type FilterOf,
  type SortColumnOf,
} from '@swap/contracts';
import type { StatusMap, StatusMeaning } from '../../shared/StatusTag';
import { ResourceTable, type ResourceColumn, type ResourceTableHandle, type SearchField } from '../../shared/table';

type LogEndpoint = (typeof deviceLogApi)[keyof typeof deviceLogApi];

export interface DeviceLogProps {
  kind: keyof typeof deviceLogApi;
  device: { id: number };
}

const KIND_MEANING: Record<DeviceLogKind, StatusMeaning> = { state: 'default', command: 'processing', alarm: 'error', upgrade: 'success' };
const KIND_MAP: StatusMap = Object.fromEntries(
  DEVICE_LOG_KINDS.map((kind) => [kind, { meaning: KIND_MEANING[kind], labelKey: `deviceLog.kind.${kind}` }]),
);

const SEARCH_FIELDS: SearchField<FilterOf<LogEndpoint>>[] = [
  {
    name: 'logKind',
    labelKey: 'field.logKind',
    type: 'select',
    options: DEVICE_LOG_KINDS.map((value) => ({ value, labelKey: `deviceLog.kind.${value}` })),
  },
];

const COLUMNS: ResourceColumn<DeviceLogRecord, SortColumnOf<LogEndpoint>>[] = [
  { key: 'at', titleKey: 'field.at', kind: 'datetime', width: 200 },
  { key: 'logKind', titleKey: 'field.logKind', kind: 'status', statusMap: KIND_MAP, width: 130 },
  { key: 'logText', titleKey: 'field.logText' },
];

/**
 * A device's log (docs/device-protocol.md, "Device log"): its state changes, commands, alarms and
 * upgrades, newest first, filtered by kind. `device` is the page's record: each time it reloads (a
 * live change, a command sent) the log reloads too, so a new entry shows.
 */
export default function DeviceLogTable({ kind, device }: DeviceLogProps) {
  const table = useRef<ResourceTableHandle>(null);
  const shown = useRef(device);
  useEffect(() => {
    if (shown.current === device) return;
    shown.current = device;
    table.current?.refresh();
  }, [device]);
  return (
    <ResourceTable<DeviceLogRecord, LogEndpoint>
      ref={table}
      endpoints={{ search: deviceLogApi[kind] }}
      filters={{ deviceId: device.id }}
      searchFields={SEARCH_FIELDS}
      columns={COLUMNS}
      rowKey="id"
      scrollX={800}
    />
  );
}
