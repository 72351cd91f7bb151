import type { FastifyInstance } from 'fastify';
import { arrayContains, eq, gte, lte, or } from 'drizzle-orm';
import { applicationApi, type ApplicationRecord, type ApplicationStatus, type ApplicationType } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { serve } from '../../app/route.js';
import type { DemoContext } from '../../db/demo.js';
import { merchantNameOf } from '../merchant/index.js';
import { setBatteriesReturning } from '../battery/index.js';
import { applications, applicationSteps } from './application.table.js';
import { addApplication, applicationStepsOf, handleApplication } from './application.service.js';

interface Row {
  application: typeof applications.$inferSelect;
  merchantName: string | null;
}

/** Operation centre → Applications, newest first; a merchant's staff see their merchant's only. */
export const applicationList = defineList({
  endpoint: applicationApi.search,
  table: applications,
  id: applications.id,
  select: { application: applications, merchantName: merchantNameOf(applications.merchantId) },
  scope: (ctx: Ctx) => (ctx.principal.merchantId === null ? undefined : eq(applications.merchantId, ctx.principal.merchantId)),
  filters: {
    applicationType: (type) => eq(applications.applicationType, type),
    applicationStatus: (status) => eq(applications.applicationStatus, status),
    customerId: (customer) => eq(applications.customerId, customer),
    deviceNumber: (number) =>
      or(arrayContains(applications.deviceNumbers, [number]), arrayContains(applications.exchangeNumbers, [number])),
    merchantId: (merchantId) => eq(applications.merchantId, merchantId),
    createdFrom: (from) => gte(applications.createdAt, new Date(from)),
    createdTo: (to) => lte(applications.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: applications.createdAt, direction: 'desc' }),
  count: 'exact',
  present: ({ application: a, merchantName }: Row): ApplicationRecord => ({
    id: a.id,
    merchantId: a.merchantId,
    merchantName,
    applicationType: a.applicationType,
    applicationStatus: a.applicationStatus,
    customerId: a.customerId,
    deviceKind: a.deviceKind,
    deviceNumbers: a.deviceNumbers,
    exchangeNumbers: a.exchangeNumbers,
    reason: a.reason,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }),
  missing: 'applicationMissing',
});

const CSV_COLUMNS: CsvColumn<ApplicationRecord>[] = fieldColumns([
  'id',
  'merchantName',
  'applicationType',
  'applicationStatus',
  'customerId',
  'deviceKind',
  'deviceNumbers',
  'exchangeNumbers',
  'reason',
  'createdAt',
  'updatedAt',
]);

/** Operation centre → Applications (/operation-center/application/list and its detail). */
export function registerApplicationRoutes(app: FastifyInstance): void {
  serve(app, applicationApi.search, ({ input, ctx }) => applicationList.search(ctx, input));
  serve(app, applicationApi.detail, async ({ input, ctx }) => ({
    ...(await applicationList.detail(ctx, input.id)),
    steps: await applicationStepsOf(ctx.db, input.id),
  }));
  serve(app, applicationApi.add, async ({ input, ctx }) => applicationList.detail(ctx, await addApplication(ctx, input)));
  serve(app, applicationApi.handle, async ({ input, ctx }) => applicationList.detail(ctx, await handleApplication(ctx, input)));
  serve(app, applicationApi.export, ({ input, ctx, reply }) =>
    applicationList.sendExport(reply, ctx, input, { filename: 'applications.csv', columns: CSV_COLUMNS }),
  );
}

/**
 * Demo applications of the two demo merchants in every state, each with its steps; the batteries of
 * the open ones are being returned. Once, while the demo fleet is added.
 */
export async function seedDemoApplications(db: Db, demo: DemoContext): Promise<void> {
  const fleet = demo.fleet;
  if (!fleet) return;
  const [any] = await db.select({ id: applications.id }).from(applications).limit(1);
  if (any) return;
  const day = 24 * 3600_000;
  const plan: [ApplicationType, ApplicationStatus[], 'battery' | 'vehicle', number][] = [
    ['RETURN', ['AUDIT'], 'battery', 1],
    ['RETURN', ['AUDIT', 'HANDLING'], 'battery', 2],
    ['RETURN', ['AUDIT', 'HANDLING', 'COMPLETE'], 'vehicle', 6],
    ['REPLACE', ['AUDIT'], 'vehicle', 1],
    ['REPLACE', ['AUDIT', 'HANDLING'], 'battery', 3],
    ['REPLACE', ['AUDIT', 'HANDLING', 'COMPLETE'], 'battery', 8],
    ['RETURN', ['AUDIT', 'REJECTED'], 'battery', 5],
    ['REPLACE', ['AUDIT', 'HANDLING', 'CANCELLED'], 'vehicle', 4],
  ];
  const remarks: Record<ApplicationStatus, string> = {
    AUDIT: 'Customer asked at the counter',
    HANDLING: 'Approved: device to be collected',
    COMPLETE: 'Done',
    REJECTED: 'Outside the return period',
    CANCELLED: 'Customer withdrew the request',
  };
  for (const [owner, operator] of [
    [fleet.agent, 'merchant'],
    [fleet.siam, 'admin'],
  ] as const) {
    if (owner === null) continue;
    // Devices at the end of the owner's list: not in the demo cabinets or vehicles the fleet runs.
    const free = {
      battery: fleet.batteries.filter((b) => b.merchantId === owner && b.scrapStatus !== 'SCRAPPED').slice(-12),
      vehicle: fleet.vehicles.filter((v) => v.merchantId === owner).slice(-8),
    };
    let n = 0;
    for (const [i, [type, states, kind, daysAgo]] of plan.entries()) {
      const device = free[kind][i];
      if (!device) continue;
      const exchange = type === 'REPLACE' && states.at(-1) === 'COMPLETE' ? free[kind][free[kind].length - 1 - n++] : undefined;
      const created = new Date(Date.now() - daysAgo * day);
      const status = states.at(-1)!;
      const [row] = await db
        .insert(applications)
        .values({
          merchantId: owner,
          applicationType: type,
          applicationStatus: status,
          customerId: `C${20000 + i + (owner === fleet.agent ? 0 : 100)}`,
          deviceKind: kind,
          deviceIds: [device.id],
          deviceNumbers: [device.number],
          exchangeNumbers: exchange ? [exchange.number] : [],
          reason: type === 'RETURN' ? 'Ending the rental' : 'Does not hold a charge',
          createdAt: created,
          updatedAt: new Date(created.getTime() + (states.length - 1) * 3600_000),
        })
        .returning({ id: applications.id });
      await db.insert(applicationSteps).values(
        states.map((to, step) => ({
          applicationId: row!.id,
          fromStatus: step === 0 ? null : states[step - 1]!,
          toStatus: to,
          operatorId: null,
          operatorName: operator,
          remark: remarks[to],
          createdAt: new Date(created.getTime() + step * 3600_000),
        })),
      );
      if (kind === 'battery' && (status === 'AUDIT' || status === 'HANDLING')) await setBatteriesReturning(db, [device.id], true);
    }
  }
}
