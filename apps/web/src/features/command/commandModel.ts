import {
  CABINET_COMMANDS,
  COMMAND_STATUSES,
  type BatteryRecord,
  type CommandStatus,
  type CompartmentRecord,
  type FilterOf,
  type commandApi,
} from '@swap/contracts';
import type { StatusMap, StatusMeaning } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';

/** Fixed meaning per lifecycle status: running is processing, success green, device failures red, no answer amber. */
const STATUS_MEANING: Record<CommandStatus, StatusMeaning> = {
  QUEUED: 'processing',
  SENT: 'processing',
  ACCEPTED: 'processing',
  REJECTED: 'error',
  SUCCEEDED: 'success',
  FAILED: 'error',
  TIMEOUT: 'warning',
  EXPIRED: 'warning',
  CANCELLED: 'default',
};

export const COMMAND_STATUS_MAP: StatusMap = Object.fromEntries(
  COMMAND_STATUSES.map((status) => [status, { meaning: STATUS_MEANING[status], labelKey: `command.status.${status}` }]),
);

export const commandLabelKey = (name: string) => `command.name.${name}`;

/** The filters both command histories take. */
type HistoryFilter = FilterOf<typeof commandApi.cabinetSearch> & FilterOf<typeof commandApi.batterySearch>;

export const HISTORY_SEARCH_FIELDS: SearchField<HistoryFilter>[] = [
  {
    name: 'name',
    labelKey: 'command.field.name',
    type: 'select',
    options: CABINET_COMMANDS.map((value) => ({ value, labelKey: commandLabelKey(value) })),
  },
  {
    name: 'status',
    labelKey: 'command.field.status',
    type: 'select',
    options: COMMAND_STATUSES.map((value) => ({ value, labelKey: `command.status.${value}` })),
  },
];

/** The commands a compartment offers now: each toggle shows the way it is not yet set. */
export function compartmentCommands(c: Pick<CompartmentRecord, 'batteryLock' | 'chargerSwitch' | 'enabled' | 'batteryNumber'>) {
  const names = [
    'OPEN_DOOR',
    c.chargerSwitch === 'ON' ? 'CHARGER_OFF' : 'CHARGER_ON',
    c.enabled ? 'COMPARTMENT_DISABLE' : 'COMPARTMENT_ENABLE',
  ] as const;
  if (!c.batteryNumber) return [...names];
  return [
    ...names,
    c.batteryLock === 'LOCKED' ? 'BATTERY_UNLOCK' : 'BATTERY_LOCK',
    'CHARGE_ALLOW',
    'CHARGE_FORBID',
    'DISCHARGE_ALLOW',
    'DISCHARGE_FORBID',
  ] as const;
}

/** A battery's commands: both locks (the lock state is the compartment's), each switch the way it is not set. */
export function batteryCommands(b: Pick<BatteryRecord, 'chargeSwitch' | 'dischargeSwitch'>) {
  return [
    'BATTERY_LOCK',
    'BATTERY_UNLOCK',
    b.chargeSwitch === 'FORBIDDEN' ? 'CHARGE_ALLOW' : 'CHARGE_FORBID',
    b.dischargeSwitch === 'FORBIDDEN' ? 'DISCHARGE_ALLOW' : 'DISCHARGE_FORBID',
  ] as const;
}
