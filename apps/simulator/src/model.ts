import type { BatteryTelemetry, CabinetState, CabinetTelemetry, CompartmentReport, GeoPosition, SWITCH_PERMISSIONS } from '@swap/contracts';

/** A battery pack's live readings; charges while it sits in a slot. */
export interface BatteryModel {
  number: string;
  soc: number;
  temperature: number;
  cells: number;
  cycles: number;
  position: GeoPosition;
  /** Set by remote commands; allowed when absent. */
  chargeSwitch?: (typeof SWITCH_PERMISSIONS)[number];
  dischargeSwitch?: (typeof SWITCH_PERMISSIONS)[number];
  /** Conditions held on the pack (conditions.ts): it stays hot, its charge stays low, its signal weak. */
  held?: Set<'overheat' | 'lowCharge' | 'lowSignal'>;
}

export interface SlotModel {
  index: number;
  battery: BatteryModel | null;
  /** What remote commands set (door, battery lock, charger, enabled); the rest follows the battery. */
  controls?: Partial<Pick<CompartmentReport, 'doorLock' | 'batteryLock' | 'chargerSwitch' | 'enabled'>>;
  /** The pack's ID could not be read (a failed swap): it is in place, reported without a number. */
  unidentified?: boolean;
  /** The compartment's energy meter, cumulative kWh (0 until its first charge). */
  meterKwh?: number;
  /** The pack's charge when it came into the compartment (its charge began there). */
  chargeFromSoc?: number;
}

/** Energy one simulated pack holds, kWh, and the charger's efficiency (the meter counts what the charger drew). */
export const PACK_KWH = 2;
export const CHARGER_EFFICIENCY = 0.9;
/** A pack in its compartment from the start is taken to have come in at this charge. */
const FIRST_CHARGE_FROM_SOC = 20;

/**
 * The compartment meter's readings for the charge of the pack it hands out: the reading when the
 * pack's charge began and now, the energy the charger drew for the charge it gained (none when it
 * gained none); the meter moves on to the later reading (docs/device-protocol.md, "Swap event").
 */
export function chargeReadings(slot: SlotModel, pack: BatteryModel): { startKwh: number; endKwh: number } {
  const startKwh = round(slot.meterKwh ?? 0, 3);
  const gained = Math.max(0, pack.soc - (slot.chargeFromSoc ?? FIRST_CHARGE_FROM_SOC));
  const endKwh = round(startKwh + ((gained / 100) * PACK_KWH) / CHARGER_EFFICIENCY, 3);
  slot.meterKwh = endKwh;
  return { startKwh, endKwh };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
/** Charge limit preset of every simulated slot, percent. */
export const PRESET = 95;

export function newBattery(number: string, random: () => number, position: GeoPosition): BatteryModel {
  return {
    number,
    soc: Math.round(20 + random() * 80),
    temperature: round(28 + random() * 6, 1),
    cells: 20,
    cycles: Math.floor(random() * 500),
    position,
  };
}

/** One tick of charging: a few percent, warmer while charging, cooler when full. */
export function chargeStep(battery: BatteryModel, random: () => number): void {
  if (battery.held?.size) {
    holdBattery(battery, random);
    if (battery.held.has('lowCharge')) return;
  }
  const charging = battery.soc < PRESET;
  battery.soc = Math.min(100, round(battery.soc + (charging ? 1 + random() * 2 : 0), 1));
  battery.temperature = round(Math.min(45, Math.max(25, battery.temperature + (charging ? 0.2 : -0.3) + (random() - 0.5) * 0.2)), 1);
  if (battery.held?.has('overheat')) holdBattery(battery, random);
}

/** Readings of a held pack: overheating 57–60 °C, charge at most 7 %. */
export const HELD_BATTERY = { temperature: 57, lowCharge: 7 } as const;

/** Keeps a held pack's readings where its conditions put them. */
export function holdBattery(battery: BatteryModel, random: () => number): void {
  if (battery.held?.has('overheat')) battery.temperature = round(HELD_BATTERY.temperature + random() * 3, 1);
  if (battery.held?.has('lowCharge')) battery.soc = Math.min(battery.soc, HELD_BATTERY.lowCharge);
}

const packVoltage = (b: BatteryModel) => round(b.cells * (3.1 + (b.soc / 100) * 0.4), 2);

export function slotReport(slot: SlotModel): CompartmentReport {
  const b = slot.battery;
  const charging = b !== null && b.soc < PRESET;
  return {
    index: slot.index,
    state: b === null ? 'EMPTY' : b.soc >= PRESET ? 'FULL' : 'SWAPPABLE',
    doorLock: 'LOCKED',
    batteryLock: b ? 'LOCKED' : 'UNLOCKED',
    inPlace: b !== null,
    chargerSwitch: charging ? 'ON' : 'OFF',
    voltage: b ? packVoltage(b) : null,
    current: charging ? 5 : b ? 0 : null,
    temperature: b ? b.temperature : 30,
    preset: PRESET,
    indicator: b === null ? 'OFF' : charging ? 'YELLOW' : 'GREEN',
    fault: null,
    nfcSwitch: 'ON',
    enabled: true,
    batteryNumber: b && !slot.unidentified ? b.number : null,
    ...slot.controls,
  };
}

/** The firmware simulated cabinets run until they are upgraded. */
export const INITIAL_FIRMWARE_VERSION = '1.4.2';

export function cabinetStateReport(
  slots: SlotModel[],
  now: Date,
  firmwareVersion = INITIAL_FIRMWARE_VERSION,
): Extract<CabinetState, { online: true }> {
  return { online: true, ts: now.toISOString(), firmwareVersion, compartments: slots.map(slotReport) };
}

/** What a cabinet's held conditions change in its telemetry (conditions.ts). */
export interface CabinetHeld {
  overheat?: boolean;
  smoke?: boolean;
  water?: boolean;
  lowSignal?: boolean;
}

export function cabinetTelemetryReport(
  slots: SlotModel[],
  now: Date,
  random: () => number,
  meterKwh: number,
  held: CabinetHeld = {},
): CabinetTelemetry {
  const charging = slots.filter((s) => s.battery !== null && s.battery.soc < PRESET).length;
  return {
    ts: now.toISOString(),
    humidity: held.water ? 95 : Math.round(55 + random() * 25),
    signal: held.lowSignal ? 3 + Math.floor(random() * 3) : 18 + Math.floor(random() * 12),
    waterAlarm: held.water === true,
    smokeAlarm: held.smoke === true,
    temperature: held.overheat ? round(55 + random() * 3, 1) : round(30 + random() * 5, 1),
    lamp: 'ON',
    radiator: 'AUTO',
    supply: 'NORMAL',
    power: { externalMax: 10, chargerTotal: 7.2 },
    meters: [{ index: 1, energyKwh: round(meterKwh, 2) }],
    load: round(charging * 0.35, 2),
  };
}

export function batteryTelemetryReport(b: BatteryModel, charging: boolean, now: Date, random: () => number): BatteryTelemetry {
  const cell = 3.1 + (b.soc / 100) * 0.4;
  return {
    ts: now.toISOString(),
    soc: b.soc,
    voltage: packVoltage(b),
    current: charging && !b.held?.has('lowCharge') ? 5 : 0,
    temperature: b.temperature,
    cellVoltages: Array.from({ length: b.cells }, () => round(cell + (random() - 0.5) * 0.02, 3)),
    cycles: b.cycles,
    gsmSignal: b.held?.has('lowSignal') ? 2 + Math.floor(random() * 3) : 15 + Math.floor(random() * 15),
    gpsSignal: 4 + Math.floor(random() * 8),
    position: b.position,
    chargeSwitch: b.chargeSwitch ?? 'ALLOWED',
    dischargeSwitch: b.dischargeSwitch ?? 'ALLOWED',
  };
}

/** mulberry32: runs are repeatable from a seed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
