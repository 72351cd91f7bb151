/**
 * What the modules' demo rows share (docs/architecture.md, "Who owns demo rows"): the context the
 * seed hands each module's demo in the registry's order, and the generator of the demo fleet.
 */

import type { AnyOrderStatus } from '@swap/contracts';

/** What the seed knows when it calls a module's demo rows; earlier demos fill in what later ones name. */
export interface DemoContext {
  /** Whether the demo has devices (off for a database that wants accounts only). */
  withDevices: boolean;
  /**
   * Whether the demo organisation (merchants, their currency, roles, accounts) is still to be added:
   * the demo administrator does not exist yet. Once it does, a restart adds none of it again, even
   * when a user renamed or removed some of it.
   */
  addOrganisation: boolean;
  /** The merchants' ids by name (every merchant, demo or not), filled by the merchant module. */
  merchantIds: Record<string, number>;
  /** The demo roles' ids by name, filled by the role module when it adds them. */
  roleIds: Record<string, number>;
  /** With demo devices: the master secret their MQTT credentials derive from. */
  deviceSecret?: string | undefined;
  /**
   * The demo fleet being added: set by the device-type module when it adds the demo types (so never
   * on a database that has types already), then filled in by the battery, cabinet and vehicle modules.
   */
  fleet?: DemoFleet;
}

export interface DemoCity {
  code: 'JK' | 'BK';
  name: 'Jakarta' | 'Bangkok';
  lat: number;
  lng: number;
  districts: string[];
  /** The demo city (area code, docs/stations-and-maps.md "Areas") each district's stations stand in. */
  districtAreas: Record<string, string>;
  wmi: string;
}

export const JAKARTA: DemoCity = {
  code: 'JK',
  name: 'Jakarta',
  lat: -6.2,
  lng: 106.82,
  districts: ['Menteng', 'Kemang', 'Kelapa Gading', 'Tebet', 'Senayan', 'Grogol', 'Cempaka Putih', 'Pluit'],
  districtAreas: {
    Menteng: 'ID-JK-PST',
    Kemang: 'ID-JK-SEL',
    'Kelapa Gading': 'ID-JK-UTA',
    Tebet: 'ID-JK-SEL',
    Senayan: 'ID-JK-PST',
    Grogol: 'ID-JK-BAR',
    'Cempaka Putih': 'ID-JK-PST',
    Pluit: 'ID-JK-UTA',
  },
  wmi: 'MH1',
};

export const BANGKOK: DemoCity = {
  code: 'BK',
  name: 'Bangkok',
  lat: 13.75,
  lng: 100.52,
  districts: ['Sukhumvit', 'Silom', 'Ratchada', 'Bang Na', 'Chatuchak', 'Thonburi', 'Lat Phrao', 'Sathorn'],
  districtAreas: {
    Sukhumvit: 'TH-10-PTW',
    Silom: 'TH-10-PTW',
    Ratchada: 'TH-10-CTC',
    'Bang Na': 'TH-10-BKP',
    Chatuchak: 'TH-10-CTC',
    Thonburi: 'TH-10-PNK',
    'Lat Phrao': 'TH-10-CTC',
    Sathorn: 'TH-10-PTW',
  },
  wmi: 'MLH',
};

/** A demo type as the device modules fill their specification columns from it. */
export interface DemoType {
  id: number;
  code: string;
  name: string;
  structure: 'LFP' | 'TERNARY_LITHIUM' | null;
  cellCount: number | null;
  weight: number | null;
  ratedVoltage: number | null;
  ratedCapacity: number | null;
  ratedCurrent: number | null;
  batteryCompartments: number | null;
  compartmentType: string | null;
  compartmentCount: number | null;
  chargerTotalPower: number | null;
  externalMaxPower: number | null;
}

/** A demo device as the stock history names it. */
export interface DemoDevice {
  id: number;
  number: string;
  merchantId: number | null;
  typeId: number;
}

export type DemoBattery = DemoDevice & { scrapStatus: string };

/**
 * The demo fleet of an operator in Indonesia and Thailand while it is added: one deterministic
 * random sequence the modules draw from in the registry's order (so every demo database looks the
 * same), the devices added so far, the packs still free to place, and what went out to the owners.
 */
export interface DemoFleet {
  random: () => number;
  types: DemoType[];
  /** Demo Agent (Jakarta) and Siam Swap Direct (Bangkok); null when that merchant is missing. */
  agent: number | null;
  siam: number | null;
  batteries: DemoBattery[];
  cabinets: (DemoDevice & { compartmentCount: number; stationId: number | null })[];
  vehicles: (DemoDevice & { battery1Id: number | null; battery2Id: number | null })[];
  /** Packs not scrapped and not placed yet, by owner. */
  freeBatteries: Map<number | null, DemoBattery[]>;
  /** Devices handed out to a merchant (their stock status is OUTSTOCK). */
  deployed: { battery: Set<number>; cabinet: Set<number>; vehicle: Set<number> };
  /** The demo stations by owner and district (demoStationKey), filled by the station module before the cabinets. */
  stations: Map<string, DemoStation>;
}

/** A demo station as the cabinets and vehicles placed in it read it. */
export interface DemoStation {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  type: 'SWAP' | 'INTEGRATED';
  merchantId: number | null;
}

/** The owner's first integrated station (vehicles are placed in integrated stations only), if it has one. */
export const demoIntegratedStation = (fleet: DemoFleet, owner: number | null): DemoStation | undefined =>
  [...fleet.stations.values()].find((station) => station.merchantId === owner && station.type === 'INTEGRATED');

/** The key of a demo station: its owner and district. */
export const demoStationKey = (owner: number | null, district: string) => `${owner ?? 0}|${district}`;

/** A new fleet drawing from a small deterministic generator (mulberry32). */
export function newDemoFleet(types: DemoType[], agent: number | null, siam: number | null): DemoFleet {
  let state = 20261121;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    random,
    types,
    agent,
    siam,
    batteries: [],
    cabinets: [],
    vehicles: [],
    freeBatteries: new Map(),
    deployed: { battery: new Set(), cabinet: new Set(), vehicle: new Set() },
    stations: new Map(),
  };
}

export const pick = <T>(fleet: DemoFleet, items: readonly T[]): T => items[Math.floor(fleet.random() * items.length)]!;

/** A coordinate near the centre, rounded to six decimals. */
export const near = (fleet: DemoFleet, centre: number, spread: number) =>
  Math.round((centre + (fleet.random() - 0.5) * spread) * 1e6) / 1e6;

export const demoType = (fleet: DemoFleet, code: string): DemoType => fleet.types.find((t) => t.code === code)!;

/** Owners per city: Demo Agent and platform stock in Jakarta, Siam Swap Direct and platform stock in Bangkok. */
export function demoOwner(fleet: DemoFleet, i: number, total: number): { merchantId: number | null; city: DemoCity } {
  const share = i / total;
  if (share < 0.45) return { merchantId: fleet.agent, city: JAKARTA };
  if (share < 0.8) return { merchantId: fleet.siam, city: BANGKOK };
  return { merchantId: null, city: share < 0.9 ? JAKARTA : BANGKOK };
}

/** A free pack of the owner to place in a compartment or a vehicle, or null when it has none left. */
export const takeDemoBattery = (fleet: DemoFleet, owner: number | null): DemoBattery | null =>
  fleet.freeBatteries.get(owner)?.shift() ?? null;

/** A time the given days before the demo's reference day (2026-11-20). */
export const demoDaysAgo = (days: number) => new Date(Date.UTC(2026, 10, 20) - days * 86_400_000);

export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Rows per multi-row insert of the demo. */
const CHUNK = 500;

export async function insertChunks<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Days of history the demo's dashboard trends show (docs/dashboard.md, "Demo"). */
export const DEMO_HISTORY_DAYS = 90;

/**
 * Moments of demo history over the last three months up to a few minutes ago, oldest first: each day
 * `perDay` of them (growing over the quarter, fewer at weekends, never fewer than `min`), in the busy
 * hours of the demo's zone (07:00 to 21:00, UTC+7); today only those already past. Deterministic
 * for a given `seed`, so each module's demo rows land on their own moments (docs/dashboard.md, "Demo").
 */
export function demoHistoryMoments(now: number, perDay: { min: number; max: number; seed: number }): Date[] {
  let state = perDay.seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const day = 86_400_000;
  const zone = 7 * 3_600_000;
  const today = Math.floor((now + zone) / day) * day - zone;
  const moments: Date[] = [];
  for (let d = DEMO_HISTORY_DAYS; d >= 0; d--) {
    const midnight = today - d * day;
    const weekday = new Date(midnight + zone).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const growth = 0.6 + (0.4 * (DEMO_HISTORY_DAYS - d)) / DEMO_HISTORY_DAYS;
    const count = Math.max(perDay.min, Math.round(perDay.min + random() * (perDay.max - perDay.min + 1) * weekend * growth - 0.5));
    const times = Array.from({ length: count }, () => midnight + 7 * 3_600_000 + Math.floor(random() * 14 * 3_600_000)).sort(
      (a, b) => a - b,
    );
    for (const at of times) if (at < now - 5 * 60_000) moments.push(new Date(at));
  }
  return moments;
}

/**
 * The states a demo merchant's orders of a kind walk through in turn (completed twice, as most orders
 * end): the order kinds' demos take them in this order so every list shows each state.
 */
export const DEMO_ORDER_STATES: readonly AnyOrderStatus[] = [
  'REGISTERED',
  'IN_PROGRESS',
  'PAID',
  'COMPLETED',
  'COMPLETED',
  'CANCELLED',
  'TIMEOUT_CANCELLED',
  'REFUNDED',
];

/** The payment gateways each demo merchant's demo orders are paid through, in turn. */
export const DEMO_ORDER_GATEWAYS: Readonly<Record<string, readonly string[]>> = {
  'Demo Agent': ['XENDIT', 'MIDTRANS'],
  'Siam Swap Direct': ['OMISE', '2C2P'],
};
