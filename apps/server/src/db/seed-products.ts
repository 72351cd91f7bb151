import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { merchants } from '../modules/merchant/merchant.table.js';
import { accounts } from '../modules/account/account.table.js';
import { deviceTypes } from '../modules/device-type/device-type.table.js';
import { batteries } from '../modules/battery/battery.table.js';
import { vehicles } from '../modules/vehicle/vehicle.table.js';
import { cabinetCompartments, cabinets } from '../modules/cabinet/cabinet.table.js';
import { stockBatchItems, stockBatches } from '../modules/stock/stock.table.js';

/**
 * Demo product centre of an operator in Indonesia and Thailand: types, 50 cabinets with their
 * compartments, 2,000 batteries and 800 vehicles owned by Demo Agent (Jakarta), Siam Swap Direct
 * (Bangkok) and the platform, with stock history. Multi-row inserts only; deterministic values.
 */

const CHUNK = 500;

/** A small deterministic generator (mulberry32), so every demo database looks the same. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertChunks<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

interface City {
  code: 'JK' | 'BK';
  lat: number;
  lng: number;
  districts: string[];
  wmi: string;
}

const JAKARTA: City = {
  code: 'JK',
  lat: -6.2,
  lng: 106.82,
  districts: ['Menteng', 'Kemang', 'Kelapa Gading', 'Tebet', 'Senayan', 'Grogol', 'Cempaka Putih', 'Pluit'],
  wmi: 'MH1',
};
const BANGKOK: City = {
  code: 'BK',
  lat: 13.75,
  lng: 100.52,
  districts: ['Sukhumvit', 'Silom', 'Ratchada', 'Bang Na', 'Chatuchak', 'Thonburi', 'Lat Phrao', 'Sathorn'],
  wmi: 'MLH',
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Points each battery at its vehicle: one UPDATE … FROM (VALUES …) per chunk of pairs. */
function sqlUpdateVehicleIds(pairs: [number, number][]): SQL {
  const values = sql.join(
    pairs.map(([batteryId, vehicleId]) => sql`(${batteryId}::int, ${vehicleId}::int)`),
    sql`, `,
  );
  return sql`update ${batteries} set vehicle_id = v.vehicle_id from (values ${values}) as v(battery_id, vehicle_id) where ${batteries}.id = v.battery_id`;
}

export async function seedDemoProducts(db: Db): Promise<void> {
  const [existing] = await db.select({ id: deviceTypes.id }).from(deviceTypes).limit(1);
  if (existing) return;
  const owners = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.name, ['Demo Agent', 'Siam Swap Direct']));
  const agent = owners.find((m) => m.name === 'Demo Agent')?.id ?? null;
  const siam = owners.find((m) => m.name === 'Siam Swap Direct')?.id ?? null;
  const [admin] = await db.select({ id: accounts.id, username: accounts.username }).from(accounts).where(eq(accounts.username, 'admin'));
  const rnd = random(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const near = (centre: number, spread: number) => Math.round((centre + (rnd() - 0.5) * spread) * 1e6) / 1e6;

  await db.transaction(async (tx) => {
    const types = await tx
      .insert(deviceTypes)
      .values([
        {
          kind: 'battery',
          code: 'LFP6430',
          name: 'LFP 64V 30Ah',
          description: 'Lithium iron phosphate pack for scooters, 20 cells',
          structure: 'LFP',
          ratedVoltage: 64,
          ratedCapacity: 30,
          ratedCurrent: 30,
          cellCount: 20,
          weight: 12.5,
        },
        {
          kind: 'battery',
          code: 'NMC7232',
          name: 'NMC 72V 32Ah',
          description: 'Ternary lithium pack for motorcycles, 20 cells',
          structure: 'TERNARY_LITHIUM',
          ratedVoltage: 72,
          ratedCapacity: 32,
          ratedCurrent: 40,
          cellCount: 20,
          weight: 11,
        },
        {
          kind: 'battery',
          code: 'LFP4824',
          name: 'LFP 48V 24Ah',
          description: 'Light pack for city scooters, 15 cells',
          structure: 'LFP',
          ratedVoltage: 48,
          ratedCapacity: 24,
          ratedCurrent: 25,
          cellCount: 15,
          weight: 9,
        },
        {
          kind: 'vehicle',
          code: 'ES1',
          name: 'E-Scooter Single',
          description: 'City scooter with one battery compartment',
          batteryCompartments: 1,
          compartmentType: 'Single 64V',
          ratedCapacity: 30,
          ratedVoltage: 64,
        },
        {
          kind: 'vehicle',
          code: 'EM2',
          name: 'E-Moto Dual',
          description: 'Delivery motorcycle with two battery compartments',
          batteryCompartments: 2,
          compartmentType: 'Dual 72V',
          ratedCapacity: 64,
          ratedVoltage: 72,
        },
        {
          kind: 'cabinet',
          code: 'SC12',
          name: 'Swap Cabinet 12',
          description: 'Twelve-compartment outdoor swap cabinet',
          compartmentCount: 12,
          chargerTotalPower: 7.2,
          externalMaxPower: 10,
        },
        {
          kind: 'cabinet',
          code: 'SC8',
          name: 'Swap Cabinet 8',
          description: 'Eight-compartment compact swap cabinet',
          compartmentCount: 8,
          chargerTotalPower: 4.8,
          externalMaxPower: 6,
        },
      ])
      .returning();
    const type = (code: string) => types.find((t) => t.code === code)!;
    const createdAt = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * 86_400_000);

    // Owners per city: Demo Agent and platform stock in Jakarta, Siam Swap Direct and platform stock in Bangkok.
    const spread = (i: number, total: number): { merchantId: number | null; city: City } => {
      const share = i / total;
      if (share < 0.45) return { merchantId: agent, city: JAKARTA };
      if (share < 0.8) return { merchantId: siam, city: BANGKOK };
      return { merchantId: null, city: share < 0.9 ? JAKARTA : BANGKOK };
    };

    const batteryTypes = [type('LFP6430'), type('NMC7232'), type('LFP4824')];
    const batteryRows = Array.from({ length: 2000 }, (_, i) => {
      const { merchantId, city } = spread(i, 2000);
      const t = batteryTypes[i % batteryTypes.length]!;
      const cells = t.cellCount ?? 20;
      const cellBase = t.structure === 'LFP' ? 3.2 : 3.6;
      const soc = Math.round(rnd() * 100);
      return {
        number: `B${city.code}${pad(i + 1, 6)}`,
        name: `${t.name} #${i + 1}`,
        typeId: t.id,
        brand: pick(['CATL', 'EVE', 'Gotion']),
        model: t.code,
        imei: `86${pad(Math.floor(rnd() * 1e13), 13)}`,
        weight: t.weight,
        ratedVoltage: t.ratedVoltage,
        ratedCapacity: t.ratedCapacity,
        ratedCurrent: t.ratedCurrent,
        cellCount: cells,
        structure: t.structure,
        softwareVersion: pick(['2.3.1', '2.4.0', '2.4.2']),
        hardwareVersion: pick(['H1.2', 'H1.3']),
        bmsBrand: pick(['Daly', 'JBD', 'ANT']),
        cellBrand: pick(['CATL', 'EVE', 'Lishen']),
        capacity: Math.round((t.ratedCapacity ?? 30) * (0.86 + rnd() * 0.14) * 10) / 10,
        soc,
        cycles: Math.floor(rnd() * 900),
        temperature: Math.round((26 + rnd() * 12) * 10) / 10,
        cellVoltages: Array.from({ length: cells }, () => Math.round((cellBase + (soc / 100) * 0.35 + (rnd() - 0.5) * 0.02) * 1000) / 1000),
        gsmSignal: 10 + Math.floor(rnd() * 22),
        gpsSignal: Math.floor(rnd() * 12),
        alarmStatus: rnd() < 0.03 ? ('ALARM' as const) : ('NORMAL' as const),
        latitude: near(city.lat, 0.2),
        longitude: near(city.lng, 0.25),
        location: `${pick(city.districts)}, ${city === JAKARTA ? 'Jakarta' : 'Bangkok'}`,
        androidSerialNumber: null,
        merchantId,
        lastReportAt: createdAt(rnd()),
        createdAt: createdAt(30 + Math.floor(rnd() * 300)),
      };
    });
    // A few scrapped packs, in stock in the warehouse.
    for (const i of [17, 433, 1012, 1877])
      Object.assign(batteryRows[i]!, {
        scrapStatus: 'SCRAPPED',
        scrapReason: 'Swollen cells found at inspection',
        scrappedAt: createdAt(5),
      });
    const batteryIds: { id: number; number: string; merchantId: number | null; typeId: number; scrapStatus: string }[] = [];
    await insertChunks(batteryRows, async (part) => {
      batteryIds.push(
        ...(await tx.insert(batteries).values(part).returning({
          id: batteries.id,
          number: batteries.number,
          merchantId: batteries.merchantId,
          typeId: batteries.typeId,
          scrapStatus: batteries.scrapStatus,
        })),
      );
    });

    const cabinetRows = Array.from({ length: 50 }, (_, i) => {
      const { merchantId, city } = spread(i, 50);
      const t = i % 3 === 2 ? type('SC8') : type('SC12');
      return {
        number: `C${city.code}${pad(i + 1, 4)}`,
        brand: pick(['Volta', 'SwapPro']),
        model: t.code,
        typeId: t.id,
        productNumber: `PN-${t.code}-${pad(i + 1, 5)}`,
        networkType: pick(['4G', '4G', 'WIFI'] as const),
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
        site: `${pick(city.districts)} station`,
        seller: city === JAKARTA ? 'PT Volta Energi' : 'Siam EV Supply Co.',
        purchaseTime: createdAt(200 + i),
        latitude: near(city.lat, 0.2),
        longitude: near(city.lng, 0.25),
        location: `${pick(city.districts)}, ${city === JAKARTA ? 'Jakarta' : 'Bangkok'}`,
        merchantId,
        lastReportAt: createdAt(rnd() / 24),
        createdAt: createdAt(180 + i),
      };
    });
    const cabinetIds = await tx.insert(cabinets).values(cabinetRows).returning({
      id: cabinets.id,
      merchantId: cabinets.merchantId,
      count: cabinets.compartmentCount,
      typeId: cabinets.typeId,
      number: cabinets.number,
    });

    // Batteries are free to place: not scrapped. Each owner's packs fill its cabinets, then its vehicles.
    const freeByOwner = new Map<number | null, typeof batteryIds>();
    for (const b of batteryIds)
      if (b.scrapStatus === 'NORMAL') freeByOwner.set(b.merchantId, [...(freeByOwner.get(b.merchantId) ?? []), b]);
    const takeBattery = (owner: number | null) => freeByOwner.get(owner)?.shift() ?? null;
    const deployed = { battery: new Set<number>(), cabinet: new Set<number>(), vehicle: new Set<number>() };

    const compartmentRows = cabinetIds.flatMap((c) =>
      Array.from({ length: c.count }, (_, i) => {
        const filled = rnd() < 0.65 ? takeBattery(c.merchantId) : null;
        if (filled) deployed.battery.add(filled.id);
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
    for (const c of cabinetIds) if (c.merchantId !== null) deployed.cabinet.add(c.id);
    await insertChunks(compartmentRows, (part) => tx.insert(cabinetCompartments).values(part));
    // Packs in cabinets are in service at a site: assigned, so cabinets may hand them out.
    const inCabinets = compartmentRows.flatMap((row) => (row.batteryId === null ? [] : [row.batteryId]));
    await insertChunks(inCabinets, (part) =>
      tx.update(batteries).set({ distributionStatus: 'ASSIGNED' }).where(inArray(batteries.id, part)),
    );

    const vehicleRows = Array.from({ length: 800 }, (_, i) => {
      const { merchantId, city } = spread(i, 800);
      const t = i % 4 === 0 ? type('EM2') : type('ES1');
      const active = merchantId !== null && rnd() < 0.8;
      const b1 = active ? takeBattery(merchantId) : null;
      const b2 = active && t.batteryCompartments === 2 ? takeBattery(merchantId) : null;
      return {
        number: `V${city.code}${pad(i + 1, 5)}`,
        name: `${t.name} ${pad(i + 1, 3)}`,
        typeId: t.id,
        brand: pick(city === JAKARTA ? ['Gesits', 'Alva', 'Polytron'] : ['Etran', 'Stallions', 'H SEM']),
        model: t.code,
        activationStatus: active ? ('ACTIVATED' as const) : ('NOT_ACTIVATED' as const),
        accState: active && rnd() < 0.3 ? ('ON' as const) : ('OFF' as const),
        fault: rnd() < 0.02 ? 'Motor controller over-temperature' : null,
        compartmentType: t.compartmentType,
        battery1Id: b1?.id ?? null,
        battery2Id: b2?.id ?? null,
        dealer: city === JAKARTA ? pick(['Dealer Sunter', 'Dealer Fatmawati']) : pick(['Rama 9 Motors', 'Bangna EV']),
        motorNumber: `MT${pad(Math.floor(rnd() * 1e9), 9)}`,
        engineNumber: `EN${pad(Math.floor(rnd() * 1e9), 9)}`,
        vin: `${city.wmi}EV${pad(i + 1, 12)}`,
        rateCapacity: t.ratedCapacity,
        rateVoltage: t.ratedVoltage,
        saleStatus: active && rnd() < 0.4 ? ('SOLD' as const) : ('UNSOLD' as const),
        saleMode: pick(['RENT_ONLY', 'RENT_OR_SALE', 'RENT_OR_SALE', 'SALE_ONLY'] as const),
        latitude: near(city.lat, 0.2),
        longitude: near(city.lng, 0.25),
        location: `${pick(city.districts)}, ${city === JAKARTA ? 'Jakarta' : 'Bangkok'}`,
        merchantId,
        createdAt: createdAt(20 + Math.floor(rnd() * 250)),
      };
    });
    const vehicleIds: {
      id: number;
      battery1Id: number | null;
      battery2Id: number | null;
      merchantId: number | null;
      typeId: number;
      number: string;
    }[] = [];
    await insertChunks(vehicleRows, async (part) => {
      vehicleIds.push(
        ...(await tx.insert(vehicles).values(part).returning({
          id: vehicles.id,
          battery1Id: vehicles.battery1Id,
          battery2Id: vehicles.battery2Id,
          merchantId: vehicles.merchantId,
          typeId: vehicles.typeId,
          number: vehicles.number,
        })),
      );
    });
    // One statement per battery slot column, not per vehicle.
    for (const slot of ['battery1Id', 'battery2Id'] as const) {
      const held = vehicleIds.filter((v) => v[slot] !== null);
      for (const v of held) deployed.battery.add(v[slot]!);
      await insertChunks(held, (part) => tx.execute(sqlUpdateVehicleIds(part.map((v) => [v[slot]!, v.id]))));
    }
    for (const v of vehicleIds) if (v.merchantId !== null && (v.battery1Id !== null || v.id % 5 === 0)) deployed.vehicle.add(v.id);

    // Stock history: what went out to each merchant, and one return of batteries for maintenance.
    const history: {
      kind: 'battery' | 'vehicle' | 'cabinet';
      direction: 'INSTOCK' | 'OUTSTOCK';
      merchantId: number | null;
      items: { id: number; number: string; typeId: number }[];
      remark: string;
      daysAgo: number;
    }[] = [];
    const byOwner = <T extends { merchantId: number | null }>(rows: T[], owner: number | null) =>
      rows.filter((r) => r.merchantId === owner);
    for (const owner of [agent, siam]) {
      const outBatteries = byOwner(batteryIds, owner).filter((b) => deployed.battery.has(b.id));
      history.push({
        kind: 'battery',
        direction: 'OUTSTOCK',
        merchantId: owner,
        items: outBatteries.slice(0, 1000),
        remark: 'Deployed to swap stations and riders',
        daysAgo: 25,
      });
      if (outBatteries.length > 1000)
        history.push({
          kind: 'battery',
          direction: 'OUTSTOCK',
          merchantId: owner,
          items: outBatteries.slice(1000),
          remark: 'Second wave deployment',
          daysAgo: 18,
        });
      history.push({
        kind: 'vehicle',
        direction: 'OUTSTOCK',
        merchantId: owner,
        items: byOwner(vehicleIds, owner).filter((v) => deployed.vehicle.has(v.id)),
        remark: 'Handed over to fleet',
        daysAgo: 22,
      });
      history.push({
        kind: 'cabinet',
        direction: 'OUTSTOCK',
        merchantId: owner,
        items: byOwner(cabinetIds, owner),
        remark: 'Installed at stations',
        daysAgo: 40,
      });
    }
    // Platform packs that went out for a pilot and came back.
    const pilot = byOwner(batteryIds, null)
      .filter((b) => b.scrapStatus === 'NORMAL')
      .slice(0, 40);
    history.push({
      kind: 'battery',
      direction: 'OUTSTOCK',
      merchantId: null,
      items: pilot,
      remark: 'Pilot at partner workshop',
      daysAgo: 14,
    });
    history.push({ kind: 'battery', direction: 'INSTOCK', merchantId: null, items: pilot, remark: 'Returned after pilot', daysAgo: 7 });
    history.sort((a, b) => b.daysAgo - a.daysAgo);

    const sequence = new Map<string, number>();
    for (const entry of history) {
      if (entry.items.length === 0) continue;
      const at = createdAt(entry.daysAgo);
      const day = at.toISOString().slice(0, 10).replaceAll('-', '');
      const n = (sequence.get(day) ?? 0) + 1;
      sequence.set(day, n);
      const typeIds = new Set(entry.items.map((item) => item.typeId));
      const [batch] = await tx
        .insert(stockBatches)
        .values({
          number: `SB${day}-${pad(n, 4)}`,
          kind: entry.kind,
          direction: entry.direction,
          typeId: typeIds.size === 1 ? [...typeIds][0]! : null,
          quantity: entry.items.length,
          operatorId: admin?.id ?? null,
          operatorName: admin?.username ?? 'admin',
          merchantId: entry.merchantId,
          remark: entry.remark,
          createdAt: at,
        })
        .returning({ id: stockBatches.id });
      await insertChunks(entry.items, (part) =>
        tx
          .insert(stockBatchItems)
          .values(part.map((item) => ({ batchId: batch!.id, deviceId: item.id, deviceNumber: item.number, typeId: item.typeId }))),
      );
    }
    // Current stock status follows the history: deployed devices are out.
    const outIds = (kind: 'battery' | 'vehicle' | 'cabinet') => [...deployed[kind]];
    await insertChunks(outIds('battery'), (part) =>
      tx.update(batteries).set({ stockStatus: 'OUTSTOCK' }).where(inArray(batteries.id, part)),
    );
    await insertChunks(outIds('vehicle'), (part) => tx.update(vehicles).set({ stockStatus: 'OUTSTOCK' }).where(inArray(vehicles.id, part)));
    await insertChunks(outIds('cabinet'), (part) => tx.update(cabinets).set({ stockStatus: 'OUTSTOCK' }).where(inArray(cabinets.id, part)));
  });
}
