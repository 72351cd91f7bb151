import type { Db } from '../../db/client.js';
import {
  demoDaysAgo,
  demoIntegratedStation,
  demoOwner,
  demoType,
  insertChunks,
  JAKARTA,
  near,
  pad,
  pick,
  takeDemoBattery,
  type DemoContext,
} from '../../db/demo.js';
import { pointBatteriesAtVehicles } from '../battery/index.js';
import { vehicles } from './vehicle.table.js';

/**
 * The demo fleet's 800 vehicles (only while the fleet is added): most of the merchants' ones are
 * activated and hold the owner's packs left after the cabinets were filled.
 */
export async function seedDemoVehicles(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const rnd = fleet.random;
  const platformOnly = (owner: number | null, text: string) => (owner === null ? text : null);
  const rows = Array.from({ length: 800 }, (_, i) => {
    const { merchantId, city } = demoOwner(fleet, i, 800);
    const t = i % 4 === 0 ? demoType(fleet, 'EM2') : demoType(fleet, 'ES1');
    const active = merchantId !== null && rnd() < 0.8;
    const b1 = active ? takeDemoBattery(fleet, merchantId) : null;
    const b2 = active && t.batteryCompartments === 2 ? takeDemoBattery(fleet, merchantId) : null;
    // Every sixth of a merchant's vehicles is distributed to its integrated station (docs/operation-centre.md, "Distribution").
    const store = merchantId !== null && i % 6 === 0 ? demoIntegratedStation(fleet, merchantId) : undefined;
    return {
      number: `V${city.code}${pad(i + 1, 5)}`,
      name: `${t.name} ${pad(i + 1, 3)}`,
      typeId: t.id,
      brand: pick(fleet, city === JAKARTA ? ['Gesits', 'Alva', 'Polytron'] : ['Etran', 'Stallions', 'H SEM']),
      model: t.code,
      activationStatus: active ? ('ACTIVATED' as const) : ('NOT_ACTIVATED' as const),
      accState: active && rnd() < 0.3 ? ('ON' as const) : ('OFF' as const),
      fault: rnd() < 0.02 ? 'Motor controller over-temperature' : null,
      compartmentType: t.compartmentType,
      battery1Id: b1?.id ?? null,
      battery2Id: b2?.id ?? null,
      // A merchant's vehicles are dealt by the merchant; the platform's own keep a dealer text
      // (docs/stations-and-maps.md). The text is drawn for every vehicle, so the demo's other draws stay.
      dealer: platformOnly(
        merchantId,
        city === JAKARTA ? pick(fleet, ['Dealer Sunter', 'Dealer Fatmawati']) : pick(fleet, ['Rama 9 Motors', 'Bangna EV']),
      ),
      dealerId: merchantId,
      motorNumber: `MT${pad(Math.floor(rnd() * 1e9), 9)}`,
      engineNumber: `EN${pad(Math.floor(rnd() * 1e9), 9)}`,
      vin: `${city.wmi}EV${pad(i + 1, 12)}`,
      rateCapacity: t.ratedCapacity,
      rateVoltage: t.ratedVoltage,
      saleStatus: active && rnd() < 0.4 ? ('SOLD' as const) : ('UNSOLD' as const),
      saleMode: pick(fleet, ['RENT_ONLY', 'RENT_OR_SALE', 'RENT_OR_SALE', 'SALE_ONLY'] as const),
      latitude: near(fleet, city.lat, 0.2),
      longitude: near(fleet, city.lng, 0.25),
      location: `${pick(fleet, city.districts)}, ${city.name}`,
      merchantId,
      stationId: store?.id ?? null,
      distributionStatus: store ? ('ASSIGNED' as const) : ('UNASSIGNED' as const),
      createdAt: demoDaysAgo(20 + Math.floor(rnd() * 250)),
    };
  });
  await insertChunks(rows, async (part) => {
    fleet.vehicles.push(
      ...(await db.insert(vehicles).values(part).returning({
        id: vehicles.id,
        battery1Id: vehicles.battery1Id,
        battery2Id: vehicles.battery2Id,
        merchantId: vehicles.merchantId,
        typeId: vehicles.typeId,
        number: vehicles.number,
      })),
    );
  });
  // One statement per battery slot, not per vehicle.
  for (const slot of ['battery1Id', 'battery2Id'] as const) {
    const held = fleet.vehicles.filter((v) => v[slot] !== null);
    for (const v of held) fleet.deployed.battery.add(v[slot]!);
    await pointBatteriesAtVehicles(
      db,
      held.map((v) => [v[slot]!, v.id]),
    );
  }
  for (const v of fleet.vehicles) if (v.merchantId !== null && (v.battery1Id !== null || v.id % 5 === 0)) fleet.deployed.vehicle.add(v.id);
}
