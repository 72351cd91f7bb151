import type { Db } from '../../db/client.js';
import { demoDaysAgo, insertChunks, pad, type DemoContext, type DemoDevice } from '../../db/demo.js';
import { accountIdOfUsername } from '../account/index.js';
import type { DeviceKindDef } from '../device-registry/index.js';
import { BATTERY_KIND } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { stockBatchItems, stockBatches } from './stock.table.js';

type Kind = 'battery' | 'vehicle' | 'cabinet';

/**
 * The demo fleet's stock history (only while the fleet is added): what went out to each merchant,
 * and platform packs that went out for a pilot and came back. The devices' stock status follows it:
 * what went out is out.
 */
export async function seedDemoStock(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const adminId = await accountIdOfUsername(db, 'admin');
  const history: {
    kind: Kind;
    direction: 'INSTOCK' | 'OUTSTOCK';
    merchantId: number | null;
    items: DemoDevice[];
    remark: string;
    daysAgo: number;
  }[] = [];
  const byOwner = <T extends { merchantId: number | null }>(rows: T[], owner: number | null) => rows.filter((r) => r.merchantId === owner);
  for (const owner of [fleet.agent, fleet.siam]) {
    const outBatteries = byOwner(fleet.batteries, owner).filter((b) => fleet.deployed.battery.has(b.id));
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
      items: byOwner(fleet.vehicles, owner).filter((v) => fleet.deployed.vehicle.has(v.id)),
      remark: 'Handed over to fleet',
      daysAgo: 22,
    });
    history.push({
      kind: 'cabinet',
      direction: 'OUTSTOCK',
      merchantId: owner,
      items: byOwner(fleet.cabinets, owner),
      remark: 'Installed at stations',
      daysAgo: 40,
    });
  }
  const pilot = byOwner(fleet.batteries, null)
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
    const at = demoDaysAgo(entry.daysAgo);
    const day = at.toISOString().slice(0, 10).replaceAll('-', '');
    const n = (sequence.get(day) ?? 0) + 1;
    sequence.set(day, n);
    const typeIds = new Set(entry.items.map((item) => item.typeId));
    const [batch] = await db
      .insert(stockBatches)
      .values({
        number: `SB${day}-${pad(n, 4)}`,
        kind: entry.kind,
        direction: entry.direction,
        typeId: typeIds.size === 1 ? [...typeIds][0]! : null,
        quantity: entry.items.length,
        operatorId: adminId,
        operatorName: 'admin',
        merchantId: entry.merchantId,
        remark: entry.remark,
        createdAt: at,
      })
      .returning({ id: stockBatches.id });
    await insertChunks(entry.items, (part) =>
      db
        .insert(stockBatchItems)
        .values(part.map((item) => ({ batchId: batch!.id, deviceId: item.id, deviceNumber: item.number, typeId: item.typeId }))),
    );
  }
  // Current stock status follows the history: deployed devices are out (as a stock move sets it).
  const kinds: [DeviceKindDef, Set<number>][] = [
    [BATTERY_KIND, fleet.deployed.battery],
    [VEHICLE_KIND, fleet.deployed.vehicle],
    [CABINET_KIND, fleet.deployed.cabinet],
  ];
  for (const [def, deployed] of kinds) await insertChunks([...deployed], (part) => def.setStockStatus(db, part, 'OUTSTOCK'));
}
