import type { DeviceFailureCode, SwapResult } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { batteriesByIds } from '../battery/index.js';
import { occupiedCompartments } from '../cabinet/index.js';
import { customerIdByNumber } from '../customer/index.js';
import { appointments, swapRecords } from './swap.table.js';

const DAY = 86_400_000;

/**
 * A fortnight of swap history on the first demo cabinets and a few reservations, one of them live.
 * History only: the cabinets' and batteries' current state is the demo fleet's.
 */
export async function seedDemoSwaps(db: Db): Promise<void> {
  const [existing] = await db.select({ id: swapRecords.id }).from(swapRecords).limit(1);
  if (existing) return;
  // The first 120 compartments holding a battery the cabinet may hand out (assigned), in cabinet order.
  const occupied = await occupiedCompartments(db);
  const held = new Map(
    (
      await batteriesByIds(
        db,
        occupied.map((slot) => slot.batteryId!),
      )
    ).map((battery) => [battery.id, battery]),
  );
  const assigned = occupied.flatMap((slot) => {
    const battery = held.get(slot.batteryId!);
    if (battery?.distributionStatus !== 'ASSIGNED') return [];
    const { cabinetId, merchantId, index, state } = slot;
    return [{ cabinetId, merchantId, index, state, batteryNumber: battery.number, soc: battery.soc }];
  });
  const slots = assigned.slice(0, 120);
  if (slots.length < 4) return;
  const now = Date.now();
  const failures: DeviceFailureCode[] = ['OPEN_DOOR_FAILURE', 'BATTERY_DETECT_FAILURE', 'READ_BATTERY_ID_FAILURE'];
  const rows = slots.slice(0, 60).map((slot, i) => {
    const back = slots[(i + 7) % slots.length]!;
    const result: SwapResult = i % 15 === 4 ? 'FAILED' : i % 20 === 9 ? 'ABORTED' : 'SUCCEEDED';
    const startedAt = new Date(now - ((i * 5.5) % 14) * DAY - (i % 9) * 3_600_000 - 3_600_000);
    return {
      cabinetId: slot.cabinetId,
      eventId: `demo-${i + 1}`,
      batteryInNumber: back.batteryNumber,
      batteryInCompartment: ((slot.index + 2) % 8) + 1,
      batteryInSoc: 8 + (i % 25),
      batteryOutNumber: result === 'ABORTED' ? null : slot.batteryNumber,
      batteryOutCompartment: result === 'ABORTED' ? null : slot.index,
      batteryOutSoc: result === 'ABORTED' ? null : 90 + (i % 10),
      // Demo customers of the cabinet's merchant (docs/customers.md, "Demo data"): the reference is
      // filled in by the backfill once the customers are seeded.
      customer: `C${String(20000 + (i % 12))}`,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 40_000 + (i % 6) * 9_000),
      result,
      failureCode: result === 'FAILED' ? failures[i % failures.length]! : null,
      merchantId: slot.merchantId,
    };
  });
  const created = await db.insert(swapRecords).values(rows).returning({ id: swapRecords.id });
  await seedDemoSwapHistory(db, assigned, now);
  // The live one holds a ready compartment; the others are history.
  const ready = slots.find((slot) => slot.state === 'FULL' || slot.state === 'SWAPPABLE') ?? slots[0]!;
  const history = [slots[1]!, slots[2]!, slots[3]!];
  await db.insert(appointments).values([
    {
      cabinetId: ready.cabinetId,
      compartment: ready.index,
      batteryNumber: ready.batteryNumber,
      batterySoc: ready.soc,
      customer: 'C20000',
      status: 'RESERVED',
      createdAt: new Date(now - 5 * 60_000),
      expiresAt: new Date(now + 20 * 3_600_000),
      merchantId: ready.merchantId,
    },
    ...history.map((slot, i) => ({
      cabinetId: slot.cabinetId,
      compartment: slot.index,
      batteryNumber: slot.batteryNumber,
      batterySoc: slot.soc,
      customer: `C${20001 + i}`,
      status: (['USED', 'EXPIRED', 'CANCELLED'] as const)[i]!,
      createdAt: new Date(now - (i + 1) * DAY),
      expiresAt: new Date(now - (i + 1) * DAY + 30 * 60_000),
      closedAt: new Date(now - (i + 1) * DAY + 20 * 60_000),
      swapId: i === 0 ? (created[0]?.id ?? null) : null,
      merchantId: slot.merchantId,
    })),
  ]);
}

/** Days of swap history the dashboard's demo trends show (docs/dashboard.md, "Demo"). */
const HISTORY_DAYS = 90;
/** Cabinets of each demo merchant that carry the history. */
const HISTORY_CABINETS = 4;

/**
 * Three months of swaps on the first cabinets of each demo merchant, so the dashboard's month trend
 * and its yesterday comparison have history: more by day than by night, more on weekdays, growing
 * slowly, up to the hour before now. Written in batches; the dashboard's rollups are made from these
 * rows afterwards by the same code that keeps them.
 */
async function seedDemoSwapHistory(
  db: Db,
  slots: { cabinetId: number; merchantId: number | null; batteryNumber: string; index: number }[],
  now: number,
): Promise<void> {
  const perMerchant = new Map<number, { cabinetId: number; merchantId: number; batteryNumber: string; index: number }[]>();
  for (const slot of slots) {
    if (slot.merchantId === null) continue;
    const list = perMerchant.get(slot.merchantId) ?? [];
    if (list.length < HISTORY_CABINETS && !list.some((s) => s.cabinetId === slot.cabinetId))
      list.push({ ...slot, merchantId: slot.merchantId });
    perMerchant.set(slot.merchantId, list);
  }
  const cabinets = [...perMerchant.values()].flat();
  if (cabinets.length === 0) return;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const rows: (typeof swapRecords.$inferInsert)[] = [];
  const record = (cabinet: (typeof cabinets)[number], startedAt: Date, failed: boolean) =>
    rows.push({
      cabinetId: cabinet.cabinetId,
      eventId: `demo-history-${rows.length + 1}`,
      batteryInNumber: cabinet.batteryNumber,
      batteryInCompartment: ((cabinet.index + 2) % 8) + 1,
      batteryInSoc: 10 + Math.floor(random() * 20),
      batteryOutNumber: cabinet.batteryNumber,
      batteryOutCompartment: cabinet.index,
      batteryOutSoc: 92 + Math.floor(random() * 8),
      customer: null,
      startedAt,
      endedAt: new Date(Math.min(startedAt.getTime() + 40_000 + Math.floor(random() * 30_000), now)),
      result: failed ? 'FAILED' : 'SUCCEEDED',
      failureCode: failed ? 'OPEN_DOOR_FAILURE' : null,
      merchantId: cabinet.merchantId,
    });
  const start = Math.floor(now / 3_600_000) * 3_600_000 - HISTORY_DAYS * DAY;
  for (let hour = start; hour < now - 3_600_000; hour += 3_600_000) {
    // Busy from 07:00 to 21:00 in the demo's zone (UTC+7), quieter at weekends, growing over the quarter.
    const local = new Date(hour + 7 * 3_600_000);
    const busy = local.getUTCHours() >= 7 && local.getUTCHours() < 21 ? 0.9 : 0.12;
    const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6 ? 0.7 : 1;
    const growth = 0.7 + (0.3 * (hour - start)) / (HISTORY_DAYS * DAY);
    for (const cabinet of cabinets) {
      if (random() > busy * weekend * growth) continue;
      const startedAt = new Date(hour + Math.floor(random() * 3_500_000));
      record(cabinet, startedAt, random() < 0.04);
    }
  }
  // Today so far has a swap on each of these cabinets, whatever the hour (the history above stops an
  // hour before now and its nights are quiet), so today's figures and ranking are not empty at night.
  const todayStart = Math.floor((now + 7 * 3_600_000) / DAY) * DAY - 7 * 3_600_000;
  if (now - todayStart > 60_000) {
    for (const cabinet of cabinets) {
      if (rows.some((row) => row.cabinetId === cabinet.cabinetId && row.startedAt.getTime() >= todayStart)) continue;
      record(cabinet, new Date(todayStart + Math.floor((now - 60_000 - todayStart) * random())), false);
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(swapRecords).values(rows.slice(i, i + 1000));
}

/** A swap a demo vehicle is served during one of its stops (the telemetry demo decides where and when). */
export interface DemoVehicleSwap {
  cabinetId: number;
  merchantId: number | null;
  vehicleId: number;
  /** The pack it returns (the vehicle's own), and its charge. */
  batteryInNumber: string | null;
  socIn: number;
  at: Date;
}

/**
 * Records demo vehicles' swaps as succeeded swap records naming the vehicle, each handing out a
 * pack of the cabinet's compartments in turn. History only, like the other demo swaps.
 */
export async function seedDemoVehicleSwaps(db: Db, swaps: DemoVehicleSwap[]): Promise<void> {
  if (swaps.length === 0) return;
  const occupied = (await occupiedCompartments(db)).filter((slot) => swaps.some((swap) => swap.cabinetId === slot.cabinetId));
  const numbers = new Map(
    (
      await batteriesByIds(
        db,
        occupied.map((slot) => slot.batteryId!),
      )
    ).map((b) => [b.id, b.number]),
  );
  const used = new Map<number, number>();
  const rows = swaps.map((swap, i) => {
    const slots = occupied.filter((slot) => slot.cabinetId === swap.cabinetId);
    const turn = used.get(swap.cabinetId) ?? 0;
    used.set(swap.cabinetId, turn + 1);
    const out = slots.length ? slots[turn % slots.length]! : undefined;
    return {
      cabinetId: swap.cabinetId,
      eventId: `demo-vehicle-${swap.vehicleId}-${i + 1}`,
      batteryInNumber: swap.batteryInNumber,
      batteryInCompartment: out ? out.index : null,
      batteryInSoc: swap.socIn,
      batteryOutNumber: out ? (numbers.get(out.batteryId!) ?? null) : null,
      batteryOutCompartment: out ? out.index : null,
      batteryOutSoc: 97 + (i % 3),
      customer: null,
      startedAt: swap.at,
      endedAt: new Date(swap.at.getTime() + 45_000),
      result: 'SUCCEEDED' as const,
      vehicleId: swap.vehicleId,
      merchantId: swap.merchantId,
    };
  });
  await db.insert(swapRecords).values(rows).onConflictDoNothing();
}

/** A succeeded demo swap of a customer at a cabinet, which an order of the order centre charges. */
export interface DemoChargedSwap {
  cabinetId: number;
  merchantId: number;
  eventId: string;
  customer: string;
  batteryInNumber: string | null;
  batteryOutNumber: string | null;
  at: Date;
}

/** Records demo swaps as succeeded swap records (history only) and answers their ids, in order; an existing event keeps its record. */
export async function recordDemoSwaps(db: Db, swaps: DemoChargedSwap[]): Promise<number[]> {
  if (swaps.length === 0) return [];
  const rows = await db
    .insert(swapRecords)
    .values(
      swaps.map((swap, i) => ({
        cabinetId: swap.cabinetId,
        eventId: swap.eventId,
        batteryInNumber: swap.batteryInNumber,
        batteryInCompartment: (i % 8) + 1,
        batteryInSoc: 10 + (i % 20),
        batteryOutNumber: swap.batteryOutNumber,
        batteryOutCompartment: ((i + 3) % 8) + 1,
        batteryOutSoc: 95 + (i % 5),
        customer: swap.customer,
        customerId: customerIdByNumber(swap.merchantId, swap.customer),
        startedAt: swap.at,
        endedAt: new Date(swap.at.getTime() + 42_000),
        result: 'SUCCEEDED' as const,
        merchantId: swap.merchantId,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: swapRecords.id, eventId: swapRecords.eventId });
  const ids = new Map(rows.map((row) => [row.eventId, row.id]));
  return swaps.map((swap) => ids.get(swap.eventId) ?? 0);
}

/**
 * Demo swaps at a cabinet that failed at the return step (the cabinet detected no pack; nothing
 * moved), started at the given times: the window of the demo's open failed-swaps alarm, which the
 * demo fleet then keeps failing (docs/alarms.md, "Demo data"). History only; an existing event keeps its record.
 */
export async function seedDemoFailedSwaps(db: Db, cabinet: { id: number; merchantId: number | null }, times: Date[]): Promise<void> {
  if (times.length === 0) return;
  await db
    .insert(swapRecords)
    .values(
      times.map((at, i) => ({
        cabinetId: cabinet.id,
        eventId: `demo-failing-${cabinet.id}-${i + 1}`,
        customer: 'C20000',
        startedAt: at,
        endedAt: new Date(at.getTime() + 25_000),
        result: 'FAILED' as const,
        failureCode: 'BATTERY_DETECT_FAILURE' as const,
        merchantId: cabinet.merchantId,
      })),
    )
    .onConflictDoNothing();
}
