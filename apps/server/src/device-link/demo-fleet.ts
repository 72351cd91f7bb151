import fs from 'node:fs/promises';
import path from 'node:path';
import type { DemoFleet, HeldCondition, SimulatedCondition } from '@swap/contracts';
import { heldDeviceAlarms } from '../modules/alarm/index.js';
import type { Db } from '../db/client.js';
import { cabinetsInStations, compartmentsOfCabinets } from '../modules/cabinet/index.js';
import { activatedVehicleNumbers } from '../modules/vehicle/index.js';

/** The simulator's condition that keeps an alarm of each parameter true (a cabinet's failed swaps or commands: they keep failing). */
const CONDITION_OF: Record<'battery' | 'cabinet' | 'business', Partial<Record<string, SimulatedCondition>>> = {
  battery: { temperature: 'overheat', soc: 'lowCharge', gsmSignal: 'lowSignal' },
  cabinet: { temperature: 'overheat', smoke: 'smoke', water: 'water', signal: 'lowSignal', offline: 'offline', doorOpen: 'doorOpen' },
  business: { swapFailures: 'failingSwaps', commandFailureRate: 'failingCommands' },
};

/** A cabinet standing in a station, as the demo fleet's order reads it. */
interface Placed {
  number: string;
  merchantId: number | null;
  stationId: number;
  switchedOff: boolean;
}

/**
 * The order the simulator takes the demo cabinets in (it runs the first DEMO_FLEET_CABINETS): the
 * first cabinet registered (the demo merchant's first; the alarm it holds shows live), then whole
 * stations, the smallest first, each merchant in turn (the first cabinet's first, the platform's
 * own last), of the stations where no cabinet has an alarm not cleared or is switched off (closed
 * for maintenance), so that with the fleet running the map shows stations online beside those
 * offline and in alarm (docs/stations-and-maps.md, "Demo"); then the rest as registered.
 */
export function demoFleetOrder(registered: readonly string[], placed: readonly Placed[], alarmed: ReadonlySet<string>): string[] {
  const [first] = registered;
  if (first === undefined) return [];
  const stations = new Map<number, Placed[]>();
  for (const cabinet of placed) stations.set(cabinet.stationId, [...(stations.get(cabinet.stationId) ?? []), cabinet]);
  const whole = [...stations.values()]
    .filter((group) => group.every((c) => c.number !== first && !c.switchedOff && !alarmed.has(c.number) && registered.includes(c.number)))
    .map((group, at) => ({ group, at }))
    .sort((a, b) => a.group.length - b.group.length || a.at - b.at)
    .map(({ group }) => group);
  const byMerchant = new Map<number | null, Placed[][]>();
  for (const group of whole) byMerchant.set(group[0]!.merchantId, [...(byMerchant.get(group[0]!.merchantId) ?? []), group]);
  // The first cabinet's merchant first, the platform's own stations last.
  const firstMerchant = placed.find((c) => c.number === first)?.merchantId;
  const rank = (merchantId: number | null) => (merchantId === null ? 2 : merchantId === firstMerchant ? 0 : 1);
  const turns = [...byMerchant].sort(([a], [b]) => rank(a) - rank(b)).map(([, list]) => list);
  const order = [first];
  for (let i = 0; turns.some((list) => list[i]); i++)
    for (const list of turns) for (const cabinet of list[i] ?? []) order.push(cabinet.number);
  const listed = new Set(order);
  return [...order, ...registered.filter((number) => !listed.has(number))];
}

/**
 * Writes the demo cabinets with the batteries in their slots, and the activated vehicles, for the
 * simulator (no secrets in it), in the order demoFleetOrder gives.
 * The conditions of the batteries' and cabinets' open and acknowledged alarms go with them, and a
 * cabinet's failed-swaps alarm as its swaps failing: the simulator holds them, so its reports and
 * swaps keep those alarms true (docs/alarms.md, "Demo data").
 */
export async function writeDemoFleet(db: Db, file: string): Promise<number> {
  const rows = await compartmentsOfCabinets(db);
  const byCabinet = new Map<string, DemoFleet['cabinets'][number]>();
  for (const row of rows) {
    const entry = byCabinet.get(row.cabinet) ?? { number: row.cabinet, compartments: [] };
    entry.compartments.push({ index: row.index, batteryNumber: row.battery });
    byCabinet.set(row.cabinet, entry);
  }
  const open = await heldDeviceAlarms(db);
  const alarmed = new Set(open.filter((alarm) => alarm.alarmKind === 'cabinet').map((alarm) => alarm.deviceNumber));
  const order = demoFleetOrder([...byCabinet.keys()], await cabinetsInStations(db), alarmed);
  const conditions: HeldCondition[] = [];
  for (const alarm of open) {
    const condition = alarm.alarmKind === 'vehicle' ? undefined : CONDITION_OF[alarm.alarmKind][alarm.parameter];
    if (condition && !conditions.some((held) => held.device === alarm.deviceNumber && held.condition === condition))
      conditions.push({ device: alarm.deviceNumber, condition, ...(alarm.compartment > 0 ? { compartment: alarm.compartment } : {}) });
  }
  const fleet: DemoFleet = {
    cabinets: order.map((number) => byCabinet.get(number)!),
    vehicles: await activatedVehicleNumbers(db),
    conditions,
  };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(fleet, null, 1)}\n`);
  return fleet.cabinets.length;
}
