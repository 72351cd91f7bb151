import type { Db } from '../../db/client.js';
import { demoDaysAgo, demoOwner, demoType, insertChunks, near, pad, pick, type DemoBattery, type DemoContext } from '../../db/demo.js';
import { batteries } from './battery.table.js';

/** The demo fleet's 2,000 packs, a few of them scrapped in the warehouse (only while the fleet is added). */
/**
 * Every battery starts without alarm: its open alarms set the status (docs/alarms.md). The draw that
 * once chose a random status is still taken, so the rest of the demo fleet keeps its values.
 */
const withoutAlarm = (_draw: number) => 'NORMAL' as const;

export async function seedDemoBatteries(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const rnd = fleet.random;
  const batteryTypes = [demoType(fleet, 'LFP6430'), demoType(fleet, 'NMC7232'), demoType(fleet, 'LFP4824')];
  const rows = Array.from({ length: 2000 }, (_, i) => {
    const { merchantId, city } = demoOwner(fleet, i, 2000);
    const t = batteryTypes[i % batteryTypes.length]!;
    const cells = t.cellCount ?? 20;
    const cellBase = t.structure === 'LFP' ? 3.2 : 3.6;
    const soc = Math.round(rnd() * 100);
    return {
      number: `B${city.code}${pad(i + 1, 6)}`,
      name: `${t.name} #${i + 1}`,
      typeId: t.id,
      brand: pick(fleet, ['CATL', 'EVE', 'Gotion']),
      model: t.code,
      imei: `86${pad(Math.floor(rnd() * 1e13), 13)}`,
      weight: t.weight,
      ratedVoltage: t.ratedVoltage,
      ratedCapacity: t.ratedCapacity,
      ratedCurrent: t.ratedCurrent,
      cellCount: cells,
      structure: t.structure,
      softwareVersion: pick(fleet, ['2.3.1', '2.4.0', '2.4.2']),
      hardwareVersion: pick(fleet, ['H1.2', 'H1.3']),
      bmsBrand: pick(fleet, ['Daly', 'JBD', 'ANT']),
      cellBrand: pick(fleet, ['CATL', 'EVE', 'Lishen']),
      capacity: Math.round((t.ratedCapacity ?? 30) * (0.86 + rnd() * 0.14) * 10) / 10,
      soc,
      cycles: Math.floor(rnd() * 900),
      temperature: Math.round((26 + rnd() * 12) * 10) / 10,
      cellVoltages: Array.from({ length: cells }, () => Math.round((cellBase + (soc / 100) * 0.35 + (rnd() - 0.5) * 0.02) * 1000) / 1000),
      gsmSignal: 10 + Math.floor(rnd() * 22),
      gpsSignal: Math.floor(rnd() * 12),
      alarmStatus: withoutAlarm(rnd()),
      latitude: near(fleet, city.lat, 0.2),
      longitude: near(fleet, city.lng, 0.25),
      location: `${pick(fleet, city.districts)}, ${city.name}`,
      androidSerialNumber: null,
      merchantId,
      lastReportAt: demoDaysAgo(rnd()),
      createdAt: demoDaysAgo(30 + Math.floor(rnd() * 300)),
    };
  });
  // A few scrapped packs, in stock in the warehouse.
  for (const i of [17, 433, 1012, 1877])
    Object.assign(rows[i]!, {
      scrapStatus: 'SCRAPPED',
      scrapReason: 'Swollen cells found at inspection',
      scrappedAt: demoDaysAgo(5),
    });
  const added: DemoBattery[] = [];
  await insertChunks(rows, async (part) => {
    added.push(
      ...(await db.insert(batteries).values(part).returning({
        id: batteries.id,
        number: batteries.number,
        merchantId: batteries.merchantId,
        typeId: batteries.typeId,
        scrapStatus: batteries.scrapStatus,
      })),
    );
  });
  fleet.batteries = added;
  // Packs free to place: not scrapped. Each owner's fill its cabinets, then its vehicles.
  for (const b of added)
    if (b.scrapStatus === 'NORMAL') fleet.freeBatteries.set(b.merchantId, [...(fleet.freeBatteries.get(b.merchantId) ?? []), b]);
}
