import type { AlarmDeviceKind, AlarmLevel, AlarmParameter, BusinessCondition } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { BATTERY_KIND } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { deviceNumbersOfKind, type DeviceRow } from '../device-registry/index.js';
import { seedDemoFailedSwaps } from '../swap/index.js';
import { seedDemoFailedCommands } from '../command/index.js';
import { accountIdOfUsername } from '../account/index.js';
import { subjectsOf, type Subject } from './alarm.business.js';
import { EVERY_TENANT, followAlarmStatus } from './alarm.evaluate.js';
import { alarmBusinessRules, alarmRules, alarms } from './alarm.table.js';

const MINUTE = 60_000;

type AlarmRule = typeof alarmBusinessRules.$inferSelect;

/**
 * Demo rules of the platform and of a demo merchant, and alarms of the demo merchants' batteries and
 * cabinets in every state (open, acknowledged, cleared); once, while no rule exists.
 */
export async function seedDemoAlarms(db: Db, demo: DemoContext): Promise<void> {
  await seedDeviceAlarms(db, demo);
  await seedBusinessAlarms(db, demo);
}

async function seedDeviceAlarms(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: alarmRules.id }).from(alarmRules).limit(1);
  if (any) return;
  const agent = demo.merchantIds['Demo Agent'] ?? null;
  type RuleSeed = [number | null, AlarmDeviceKind, AlarmParameter, number | null, number | null, number, number, AlarmLevel, string];
  const seeds: RuleSeed[] = [
    [null, 'battery', 'temperature', 55, null, 30, 5, 'HIGH', 'Battery overheating'],
    [null, 'battery', 'soc', null, 10, 120, 5, 'LOW', 'Battery charge low'],
    [null, 'battery', 'cellVoltageSpread', 0.3, null, 60, 0.05, 'MEDIUM', 'Cell voltages drifting apart'],
    [null, 'cabinet', 'smoke', null, null, 0, 0, 'HIGH', 'Smoke detected in the cabinet'],
    [null, 'cabinet', 'water', null, null, 0, 0, 'HIGH', 'Water detected in the cabinet'],
    [null, 'cabinet', 'temperature', 50, null, 60, 3, 'MEDIUM', 'Cabinet temperature high'],
    [null, 'cabinet', 'offline', null, null, 0, 0, 'MEDIUM', 'Cabinet offline'],
    [null, 'cabinet', 'signal', null, 8, 300, 2, 'LOW', 'Cabinet signal weak'],
    [agent, 'battery', 'temperature', 50, null, 60, 5, 'MEDIUM', 'Battery warm (Demo Agent threshold)'],
    [agent, 'vehicle', 'speed', 80, null, 10, 5, 'LOW', 'Vehicle over the speed limit'],
  ];
  const rules = await db
    .insert(alarmRules)
    .values(
      seeds.map(([merchantId, alarmKind, parameter, rangeFrom, rangeTo, holdSeconds, clearMargin, level, content]) => ({
        merchantId,
        alarmKind,
        parameter,
        rangeFrom,
        rangeTo,
        holdSeconds,
        clearMargin,
        level,
        content,
        notifications: level === 'LOW' ? ['IN_APP' as const] : ['IN_APP' as const, 'HEADER' as const],
        enabled: !(merchantId !== null && alarmKind === 'vehicle'),
      })),
    )
    .returning();
  if (!demo.withDevices) return;
  const ruleOf = (content: string) => rules.find((r) => r.content === content)!;
  const devicesOf = async (kind: 'battery' | 'cabinet') => {
    const numbers = await deviceNumbersOfKind(db, kind);
    const def = kind === 'battery' ? BATTERY_KIND : CABINET_KIND;
    return (await def.findDevices(db, EVERY_TENANT, { ids: [], numbers }, false)).filter((d) => d.merchantId !== null);
  };
  const [batteries, cabinets] = [await devicesOf('battery'), await devicesOf('cabinet')];
  // Each demo merchant's devices in turn, so every merchant sees alarms of its own.
  const spread = (devices: DeviceRow[]) => {
    const byMerchant = new Map<number, DeviceRow[]>();
    for (const d of devices) byMerchant.set(d.merchantId!, [...(byMerchant.get(d.merchantId!) ?? []), d]);
    const lists = [...byMerchant.values()];
    const out: DeviceRow[] = [];
    for (let i = 0; out.length < devices.length; i++) for (const list of lists) if (list[i]) out.push(list[i]!);
    return out;
  };
  const now = Date.now();
  type AlarmSeed = [DeviceRow | undefined, string, 'OPEN' | 'ACKNOWLEDGED' | 'CLEARED', number | null, number, string];
  const [b, c] = [spread(batteries), spread(cabinets)];
  const entries: AlarmSeed[] = [
    [b[0], 'Battery overheating', 'OPEN', 58.4, 25, ''],
    [b[1], 'Battery overheating', 'ACKNOWLEDGED', 57.1, 95, 'Technician on the way'],
    [b[2], 'Battery charge low', 'OPEN', 7, 40, ''],
    [b[3], 'Cell voltages drifting apart', 'CLEARED', 0.34, 60 * 26, 'Balanced after a full charge'],
    [b[4], 'Battery overheating', 'CLEARED', 56.2, 60 * 50, 'Pack cooled down in the shade'],
    [b[5], 'Battery charge low', 'ACKNOWLEDGED', 9, 180, 'Rider told to swap'],
    [c[0], 'Water detected in the cabinet', 'OPEN', null, 12, ''],
    [c[1], 'Cabinet offline', 'ACKNOWLEDGED', null, 70, 'Power cut in the district'],
    [c[2], 'Cabinet temperature high', 'CLEARED', 52.5, 60 * 30, 'Fan replaced'],
    [c[3], 'Smoke detected in the cabinet', 'CLEARED', null, 60 * 72, 'False alarm: dust on the sensor'],
    [c[1], 'Cabinet signal weak', 'OPEN', 6, 15, ''],
  ];
  const rows = entries
    .filter((entry): entry is [DeviceRow, ...(typeof entry extends [unknown, ...infer R] ? R : never)] => entry[0] !== undefined)
    .map(([device, content, alarmState, value, minutesAgo, comment]) => {
      const rule = ruleOf(content);
      const openedAt = new Date(now - minutesAgo * MINUTE);
      return {
        merchantId: device.merchantId,
        alarmKind: rule.alarmKind,
        deviceId: device.id,
        deviceNumber: device.number,
        ruleId: rule.id,
        parameter: rule.parameter,
        level: rule.level,
        content: rule.content,
        alarmState,
        header: rule.notifications.includes('HEADER'),
        value,
        openedAt,
        lastSeenAt: alarmState === 'CLEARED' ? new Date(openedAt.getTime() + 20 * MINUTE) : new Date(now - MINUTE),
        clearedAt: alarmState === 'CLEARED' ? new Date(openedAt.getTime() + 20 * MINUTE) : null,
        comment,
      };
    });
  if (rows.length) await db.insert(alarms).values(rows);
  await followAlarmStatus(
    db,
    rows.filter((r) => r.alarmKind === 'battery').map((r) => r.deviceId),
  );
}

/** The demo merchants' cabinets, each merchant's in turn, so every merchant sees alarms of its own. */
async function demoCabinets(db: Db): Promise<DeviceRow[]> {
  const numbers = await deviceNumbersOfKind(db, 'cabinet');
  const cabinets = (await CABINET_KIND.findDevices(db, EVERY_TENANT, { ids: [], numbers }, false)).filter((d) => d.merchantId !== null);
  const byMerchant = new Map<number, DeviceRow[]>();
  for (const d of cabinets) byMerchant.set(d.merchantId!, [...(byMerchant.get(d.merchantId!) ?? []), d]);
  const lists = [...byMerchant.values()];
  const out: DeviceRow[] = [];
  for (let i = 0; out.length < cabinets.length; i++) for (const list of lists) if (list[i]) out.push(list[i]!);
  return out;
}

/**
 * Demo business alarm rules of the platform and of the demo merchants (a station left without a
 * swappable battery is each demo merchant's own rule, so it never fires at a station another
 * merchant adds), and business alarms of the demo merchants in every state; once, while no business
 * rule exists. The open and acknowledged ones stand at the station each demo merchant closed for
 * maintenance (the cabinet module's demo), where their condition holds, so the check keeps them,
 * and an open failed-swaps one at the first cabinet, on its last minutes' failed swaps, which the
 * demo fleet keeps failing; the cleared ones at cabinets. The check raises the rest from what the
 * demo fleet does.
 */
async function seedBusinessAlarms(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: alarmBusinessRules.id }).from(alarmBusinessRules).limit(1);
  if (any) return;
  const agent = demo.merchantIds['Demo Agent'] ?? null;
  const siam = demo.merchantIds['Siam Swap Direct'] ?? null;
  type Seed = [number | null, BusinessCondition, number, number | null, AlarmLevel, string, boolean];
  const seeds: Seed[] = [
    [null, 'swapFailures', 3, 30, 'HIGH', 'Swaps failing at the cabinet', true],
    // Each demo merchant's own: a platform rule would also raise it at every empty station another merchant adds.
    ...[agent, siam]
      .filter((owner): owner is number => owner !== null)
      .map((owner): Seed => [owner, 'noSwappableBattery', 0, null, 'MEDIUM', 'No swappable battery left at the station', true]),
    [null, 'commandFailureRate', 50, 60, 'LOW', 'Cabinet commands failing', true],
    [agent, 'swapFailures', 2, 15, 'MEDIUM', 'Swaps failing (Demo Agent threshold)', true],
    [agent, 'commandFailureRate', 30, 30, 'LOW', 'Commands failing (Demo Agent, paused)', false],
  ];
  const rules = await db
    .insert(alarmBusinessRules)
    .values(
      seeds.map(([merchantId, businessCondition, threshold, windowMinutes, level, content, enabled]) => ({
        merchantId,
        businessCondition,
        threshold,
        windowMinutes,
        level,
        content,
        notifications: level === 'LOW' ? ['IN_APP' as const] : ['IN_APP' as const, 'HEADER' as const],
        enabled,
      })),
    )
    .returning();
  if (!demo.withDevices) return;
  const ruleOf = (content: string, merchantId: number | null = null) =>
    rules.find((r) => r.content === content && r.merchantId === merchantId)!;
  const cabinets = await demoCabinets(db);
  const now = new Date();
  // The open ones stand where their condition holds, read as the check reads it, so the check keeps
  // them open: each demo merchant's station closed for maintenance has no swappable battery.
  const emptyStation = async (owner: number | null) => {
    const rule = rules.find((r) => r.merchantId === owner && r.businessCondition === 'noSwappableBattery');
    return rule ? (await subjectsOf(db, rule, now)).find((s) => s.merchantId === owner) : undefined;
  };
  const [agentStation, siamStation] = [await emptyStation(agent), await emptyStation(siam)];
  type AlarmSeed = [Subject | undefined, AlarmRule, 'OPEN' | 'ACKNOWLEDGED' | 'CLEARED', number, number, string];
  const emptyRule = (owner: number | null) => ruleOf('No swappable battery left at the station', owner);
  const cabinetSubject = (device: DeviceRow | undefined): Subject | undefined =>
    device && { id: device.id, name: device.number, merchantId: device.merchantId, value: 0 };
  // The first cabinet (the first the demo fleet runs) has had its swaps failing these last minutes:
  // the fleet keeps them failing (a held failingSwaps), so the platform's rule keeps holding there.
  const failing = cabinets[0];
  const failedSwaps = [11, 7, 3].map((minutesAgo) => new Date(now.getTime() - minutesAgo * MINUTE));
  if (failing) await seedDemoFailedSwaps(db, failing, failedSwaps);
  // Its commands fail too (its status unreadable): the demo sends it one every ten minutes, which the
  // fleet fails (a held failingCommands), so the platform's command failure rate rule keeps holding.
  const failedCommands = [12, 8, 4].map((minutesAgo) => new Date(now.getTime() - minutesAgo * MINUTE));
  if (failing) await seedDemoFailedCommands(db, failing.id, failedCommands, { id: await accountIdOfUsername(db, 'admin'), name: 'admin' });
  const entries: AlarmSeed[] = [
    [cabinetSubject(failing), ruleOf('Swaps failing at the cabinet'), 'OPEN', failedSwaps.length, 11, ''],
    [cabinetSubject(failing), ruleOf('Cabinet commands failing'), 'OPEN', 100, 12, ''],
    [agentStation, emptyRule(agent), 'OPEN', agentStation?.value ?? 0, 35, ''],
    [siamStation, emptyRule(siam), 'ACKNOWLEDGED', siamStation?.value ?? 0, 90, 'Compartments switched off for maintenance'],
    [cabinetSubject(cabinets[6]), ruleOf('Swaps failing at the cabinet'), 'CLEARED', 5, 60 * 20, 'Door latch adjusted'],
    [cabinetSubject(cabinets[7]), ruleOf('Cabinet commands failing'), 'CLEARED', 75, 60 * 40, 'Recovered after a restart'],
  ];
  const rows = entries
    .filter((entry): entry is [Subject, ...(typeof entry extends [unknown, ...infer R] ? R : never)] => entry[0] !== undefined)
    .map(([subject, rule, alarmState, value, minutesAgo, comment]) => {
      const openedAt = new Date(now.getTime() - minutesAgo * MINUTE);
      const cleared = alarmState === 'CLEARED' ? new Date(openedAt.getTime() + 25 * MINUTE) : null;
      return {
        merchantId: subject.merchantId,
        alarmKind: 'business' as const,
        deviceId: subject.id,
        deviceNumber: subject.name,
        businessRuleId: rule.id,
        parameter: rule.businessCondition,
        level: rule.level,
        content: rule.content,
        alarmState,
        header: rule.notifications.includes('HEADER'),
        value,
        openedAt,
        lastSeenAt: cleared ?? new Date(now.getTime() - MINUTE),
        clearedAt: cleared,
        comment,
      };
    });
  if (rows.length) await db.insert(alarms).values(rows);
}
