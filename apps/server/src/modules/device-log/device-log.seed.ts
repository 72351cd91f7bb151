import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { appendDeviceLog, type DeviceLogEntry } from './device-log.service.js';
import { deviceLogs } from './device-log.table.js';

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/**
 * Demo log entries of every kind for the demo fleet's first cabinets, batteries and vehicles (only
 * while the fleet is added, and once): state changes, commands and their outcomes, alarms, upgrades.
 */
export async function seedDemoDeviceLogs(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const [any] = await db.select({ id: deviceLogs.id }).from(deviceLogs).limit(1);
  if (any) return;
  const entries: DeviceLogEntry[] = [];
  fleet.cabinets.forEach((cabinet, i) => {
    const device = { deviceKind: 'cabinet' as const, deviceId: cabinet.id, merchantId: cabinet.merchantId };
    const by = i % 2 === 0 ? 'Demo operator' : 'Station supervisor';
    entries.push(
      { ...device, kind: 'state', text: 'deviceLogOnline', at: ago(30 + (i % 48)) },
      {
        ...device,
        kind: 'command',
        text: 'deviceLogCompartmentCommand',
        params: { command: 'OPEN_DOOR', compartment: 1 + (i % 8), by },
        at: ago(26 + (i % 48)),
      },
      {
        ...device,
        kind: 'command',
        text: 'deviceLogCommandEnded',
        params: { command: 'OPEN_DOOR', status: 'SUCCEEDED' },
        at: ago(26 + (i % 48)),
      },
      {
        ...device,
        kind: 'alarm',
        text: 'deviceLogAlarmRaised',
        params: { content: 'Cabinet temperature above 45 °C' },
        at: ago(20 + (i % 48)),
      },
      {
        ...device,
        kind: 'alarm',
        text: 'deviceLogAlarmCleared',
        params: { content: 'Cabinet temperature above 45 °C' },
        at: ago(19 + (i % 48)),
      },
      { ...device, kind: 'upgrade', text: 'deviceLogUpgradeInstalled', params: { version: '2.4.1' }, at: ago(12 + (i % 48)) },
      { ...device, kind: 'command', text: 'deviceLogCommand', params: { command: 'RESTART', by }, at: ago(6 + (i % 48) / 4) },
      {
        ...device,
        kind: 'command',
        text: 'deviceLogCommandFailed',
        params: { command: 'RESTART', status: 'TIMEOUT', reason: 'commandTimeout' },
        at: ago(6 + (i % 48) / 4),
      },
    );
    // A third of them went silent since (the demo cabinets stay offline until the simulated fleet reports).
    if (i % 3 === 0)
      entries.push({ ...device, kind: 'state', text: 'deviceLogSilent', params: { minutes: 2 }, at: ago(0.5 + (i % 48) / 10) });
    if (i % 4 === 1)
      entries.push({
        ...device,
        kind: 'upgrade',
        text: 'deviceLogUpgradeFailed',
        params: { version: '2.5.0', detail: 'InvalidChecksum' },
        at: ago(1 + (i % 48) / 10),
      });
  });
  for (const [i, vehicle] of fleet.vehicles.entries()) {
    const device = { deviceKind: 'vehicle' as const, deviceId: vehicle.id, merchantId: vehicle.merchantId };
    entries.push(
      { ...device, kind: 'state', text: 'deviceLogOnline', at: ago(40 + (i % 48)) },
      { ...device, kind: 'upgrade', text: 'deviceLogUpgradeInstalled', params: { version: '1.8.0' }, at: ago(30 + (i % 48)) },
      { ...device, kind: 'alarm', text: 'deviceLogAlarmRaised', params: { content: 'Speed above 60 km/h' }, at: ago(10 + (i % 48)) },
      { ...device, kind: 'alarm', text: 'deviceLogAlarmCleared', params: { content: 'Speed above 60 km/h' }, at: ago(9 + (i % 48)) },
    );
    for (const batteryId of [vehicle.battery1Id, vehicle.battery2Id]) {
      if (batteryId === null) continue;
      const battery = { deviceKind: 'battery' as const, deviceId: batteryId, merchantId: vehicle.merchantId };
      entries.push(
        { ...battery, kind: 'state', text: 'deviceLogBound', params: { vehicle: vehicle.number }, at: ago(36 + (i % 48)) },
        {
          ...battery,
          kind: 'alarm',
          text: 'deviceLogAlarmRaised',
          params: { content: 'Cell voltage spread above 0.3 V' },
          at: ago(8 + (i % 48)),
        },
        {
          ...battery,
          kind: 'alarm',
          text: 'deviceLogAlarmCleared',
          params: { content: 'Cell voltage spread above 0.3 V' },
          at: ago(7 + (i % 48)),
        },
      );
    }
  }
  for (const [i, battery] of fleet.batteries.entries()) {
    const device = { deviceKind: 'battery' as const, deviceId: battery.id, merchantId: battery.merchantId };
    entries.push(
      { ...device, kind: 'upgrade', text: 'deviceLogUpgradeInstalled', params: { version: 'BMS 3.1' }, at: ago(50 + (i % 48)) },
      {
        ...device,
        kind: 'command',
        text: 'deviceLogCommand',
        params: { command: 'CHARGE_FORBID', by: 'Demo operator' },
        at: ago(5 + (i % 48)),
      },
      {
        ...device,
        kind: 'command',
        text: 'deviceLogCommandEnded',
        params: { command: 'CHARGE_FORBID', status: 'SUCCEEDED' },
        at: ago(5 + (i % 48)),
      },
    );
  }
  for (let start = 0; start < entries.length; start += 500) await appendDeviceLog(db, entries.slice(start, start + 500));
}
