import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  demoDaysAgo,
  demoOwner,
  demoStationKey,
  demoType,
  insertChunks,
  JAKARTA,
  near,
  pad,
  pick,
  takeDemoBattery,
  type DemoContext,
} from '../../db/demo.js';
import { assignBatteries } from '../battery/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

/**
 * The demo fleet's 50 cabinets and their compartments, about two thirds of them holding one of the
 * owner's free packs (only while the fleet is added). Packs in cabinets are in service at the
 * cabinet's station: assigned to it, so cabinets may hand them out. One station of each demo
 * merchant is closed for maintenance (closeDemoStations).
 */
export async function seedDemoCabinets(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const rnd = fleet.random;
  const rows = Array.from({ length: 50 }, (_, i) => {
    const { merchantId, city } = demoOwner(fleet, i, 50);
    const district = pick(fleet, city.districts);
    const station = fleet.stations.get(demoStationKey(merchantId, district));
    const latitude = near(fleet, city.lat, 0.2);
    const longitude = near(fleet, city.lng, 0.25);
    const t = i % 3 === 2 ? demoType(fleet, 'SC8') : demoType(fleet, 'SC12');
    return {
      number: `C${city.code}${pad(i + 1, 4)}`,
      brand: pick(fleet, ['Volta', 'SwapPro']),
      model: t.code,
      typeId: t.id,
      productNumber: `PN-${t.code}-${pad(i + 1, 5)}`,
      networkType: pick(fleet, ['4G', '4G', 'WIFI'] as const),
      communicationType: 'MQTT' as const,
      compartmentCount: t.compartmentCount ?? 12,
      factoryDate: `2026-0${1 + (i % 9)}-15`,
      humidity: Math.round(55 + rnd() * 30),
      signal: 15 + Math.floor(rnd() * 16),
      temperature: Math.round((29 + rnd() * 8) * 10) / 10,
      lamp: 'ON' as const,
      externalMaxPower: t.externalMaxPower,
      chargerTotalPower: t.chargerTotalPower,
      meterCount: 1,
      load: Math.round(rnd() * (t.chargerTotalPower ?? 7) * 10) / 10,
      imei: `86${pad(Math.floor(rnd() * 1e13), 13)}`,
      androidSerialNumber: `AS${pad(Math.floor(rnd() * 1e10), 10)}`,
      site: station?.name ?? `${district} station`,
      stationId: station?.id ?? null,
      // A merchant's cabinets were sold by the merchant; the platform's own keep a seller text (docs/stations-and-maps.md).
      seller: merchantId === null ? (city === JAKARTA ? 'PT Volta Energi' : 'Siam EV Supply Co.') : null,
      sellerId: merchantId,
      purchaseTime: demoDaysAgo(200 + i),
      latitude: station?.latitude ?? latitude,
      longitude: station?.longitude ?? longitude,
      location: `${pick(fleet, city.districts)}, ${city.name}`,
      merchantId,
      lastReportAt: demoDaysAgo(rnd() / 24),
      createdAt: demoDaysAgo(180 + i),
    };
  });
  fleet.cabinets = await db.insert(cabinets).values(rows).returning({
    id: cabinets.id,
    merchantId: cabinets.merchantId,
    compartmentCount: cabinets.compartmentCount,
    typeId: cabinets.typeId,
    number: cabinets.number,
    stationId: cabinets.stationId,
  });

  const compartmentRows = fleet.cabinets.flatMap((c) =>
    Array.from({ length: c.compartmentCount }, (_, i) => {
      const filled = rnd() < 0.65 ? takeDemoBattery(fleet, c.merchantId) : null;
      if (filled) fleet.deployed.battery.add(filled.id);
      const faulty = !filled && rnd() < 0.04;
      return {
        cabinetId: c.id,
        index: i + 1,
        state: filled ? (rnd() < 0.7 ? ('FULL' as const) : ('SWAPPABLE' as const)) : faulty ? ('FAULTY' as const) : ('EMPTY' as const),
        inPlace: Boolean(filled),
        chargerSwitch: filled ? ('ON' as const) : ('OFF' as const),
        voltage: filled ? Math.round((64 + rnd() * 10) * 10) / 10 : null,
        current: filled ? Math.round(rnd() * 8 * 10) / 10 : null,
        temperature: Math.round((28 + rnd() * 8) * 10) / 10,
        preset: 95,
        indicator: filled ? ('GREEN' as const) : faulty ? ('RED' as const) : ('OFF' as const),
        fault: faulty ? 'Charger fault' : null,
        enabled: !faulty,
        batteryId: filled?.id ?? null,
      };
    }),
  );
  for (const c of fleet.cabinets) if (c.merchantId !== null) fleet.deployed.cabinet.add(c.id);
  await insertChunks(compartmentRows, (part) => db.insert(cabinetCompartments).values(part));
  await closeDemoStations(db, fleet.cabinets);
  // The packs in a cabinet are assigned to its station (docs/operation-centre.md, "Distribution").
  for (const c of fleet.cabinets) {
    if (c.stationId === null) continue;
    const held = compartmentRows.flatMap((row) => (row.cabinetId === c.id && row.batteryId !== null ? [row.batteryId] : []));
    if (held.length) await assignBatteries(db, held, c.stationId);
  }
}

/**
 * Closes one station of each demo merchant for maintenance: its cabinets' compartments are switched
 * off, so it has no swappable battery and the merchant's empty-station alarm holds for as long as
 * nobody switches them on (docs/alarms.md, "Demo data"). The station whose first cabinet was
 * registered last: the demo fleet runs the first cabinets, whose own state would switch them on.
 */
async function closeDemoStations(db: Db, placed: { id: number; merchantId: number | null; stationId: number | null }[]): Promise<void> {
  const firstAt = new Map<number, { merchantId: number; at: number }>();
  placed.forEach((c, at) => {
    if (c.merchantId !== null && c.stationId !== null && !firstAt.has(c.stationId))
      firstAt.set(c.stationId, { merchantId: c.merchantId, at });
  });
  const closed = new Map<number, { stationId: number; at: number }>();
  for (const [stationId, { merchantId, at }] of firstAt)
    if ((closed.get(merchantId)?.at ?? -1) < at) closed.set(merchantId, { stationId, at });
  const stationIds = new Set([...closed.values()].map((each) => each.stationId));
  const ids = placed.filter((c) => c.stationId !== null && stationIds.has(c.stationId)).map((c) => c.id);
  if (ids.length) await db.update(cabinetCompartments).set({ enabled: false }).where(inArray(cabinetCompartments.cabinetId, ids));
}
