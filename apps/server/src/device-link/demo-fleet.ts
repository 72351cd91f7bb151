import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoFleet, HeldCondition, SimulatedCondition } from '@swap/contracts';
import { heldDeviceAlarms } from '../modules/alarm/index.js';
import type { Db } from '../db/client.js';
import { compartmentsOfCabinets } from '../modules/cabinet/index.js';
import { activatedVehicleNumbers } from '../modules/vehicle/index.js';

/** The simulator's condition that keeps an alarm of each parameter true. */
const CONDITION_OF: Record<'battery' | 'cabinet', Partial<Record<string, SimulatedCondition>>> = {
  battery: { temperature: 'overheat', soc: 'lowCharge', gsmSignal: 'lowSignal' },
  cabinet: { temperature: 'overheat', smoke: 'smoke', water: 'water', signal: 'lowSignal', offline: 'offline', doorOpen: 'doorOpen' },
};

/**
 * Writes the demo cabinets with the batteries in their slots, and the activated vehicles, for the
 * simulator (no secrets in it). Cabinets in the order they were registered: the demo merchant's first.
 * The conditions of the batteries' and cabinets' open and acknowledged alarms go with them: the
 * simulator holds them, so its reports keep those alarms true (docs/alarms.md, "Demo data").
 */
export async function writeDemoFleet(db: Db, file: string): Promise<number> {
  const rows = await compartmentsOfCabinets(db);
  const byCabinet = new Map<string, DemoFleet['cabinets'][number]>();
  for (const row of rows) {
    const entry = byCabinet.get(row.cabinet) ?? { number: row.cabinet, compartments: [] };
    entry.compartments.push({ index: row.index, batteryNumber: row.battery });
    byCabinet.set(row.cabinet, entry);
  }
  const conditions: HeldCondition[] = [];
  for (const alarm of await heldDeviceAlarms(db)) {
    const condition =
      alarm.alarmKind === 'battery' || alarm.alarmKind === 'cabinet' ? CONDITION_OF[alarm.alarmKind][alarm.parameter] : undefined;
    if (condition && !conditions.some((held) => held.device === alarm.deviceNumber && held.condition === condition))
      conditions.push({ device: alarm.deviceNumber, condition, ...(alarm.compartment > 0 ? { compartment: alarm.compartment } : {}) });
  }
  const fleet: DemoFleet = { cabinets: [...byCabinet.values()], vehicles: await activatedVehicleNumbers(db), conditions };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(fleet, null, 1)}\n`);
  return fleet.cabinets.length;
}
