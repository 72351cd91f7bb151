import type { FastifyInstance } from 'fastify';
import { and, eq, gte, inArray, like, lte, or, sql } from 'drizzle-orm';
import { AUTH_STATUSES, customerApi, identityApi, type AuthStatus, type CustomerRecord, type IdentityRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { defineList } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { serve } from '../../app/route.js';
import { demoHistoryMoments, type DemoContext } from '../../db/demo.js';
import { merchantNameOf } from '../merchant/index.js';
import { readImageUpload, storeDemoImages, storeImage } from '../file/index.js';
import { bindDemoVehicles } from '../vehicle/index.js';
import { demoDocumentPhoto, demoFacePhoto } from '../../db/demo-photo.js';
import { customers, identitySubmissions } from './customer.table.js';
import {
  addCustomer,
  auditIdentity,
  customerTenantOf,
  auditReasonIn,
  customerDetailOf,
  customerScope,
  editCustomer,
  presentCustomer,
  removeCustomer,
  setRestriction,
  submitIdentity,
} from './customer.service.js';

export {
  assertCustomerOf,
  assertCustomerUsable,
  customerIdByNumber,
  customerIdsByNumber,
  customerJoin,
  customerNumberOf,
  customersOf,
  readHeldBatteriesFrom,
} from './customer.service.js';
export { customerFigureFacts } from './customer.figures.js';

interface Row {
  customer: typeof customers.$inferSelect;
  merchantName: string | null;
}

/** User centre → Customers, newest first; a merchant's staff see their merchant's only. */
export const customerList = defineList({
  endpoint: customerApi.search,
  table: customers,
  id: customers.id,
  select: { customer: customers, merchantName: merchantNameOf(customers.merchantId) },
  scope: customerScope,
  filters: {
    name: (name) => {
      const pattern = prefixPattern(name.toLowerCase());
      return or(like(sql`lower(${customers.givenName})`, pattern), like(sql`lower(${customers.familyName})`, pattern));
    },
    phone: (phone) => like(customers.phone, prefixPattern(phone.replace(/[\s().-]/g, ''))),
    certificateNumber: (number) => like(customers.certificateNumber, prefixPattern(number)),
    customerNumber: (number) => like(customers.customerNumber, prefixPattern(number)),
    authStatus: (status) => eq(customers.authStatus, status),
    restriction: (restriction) => eq(customers.restriction, restriction),
    deletion: (deletion) => eq(customers.deletion, deletion),
    merchantId: (merchantId) => eq(customers.merchantId, merchantId),
    createdFrom: (from) => gte(customers.createdAt, new Date(from)),
    createdTo: (to) => lte(customers.createdAt, new Date(to)),
  },
  defaultOrder: () => ({ column: customers.createdAt, direction: 'desc' }),
  count: 'exact',
  present: ({ customer, merchantName }: Row): CustomerRecord => presentCustomer(customer, merchantName),
});

interface IdentityRow {
  submission: typeof identitySubmissions.$inferSelect;
  customerNumber: string;
  givenName: string;
  familyName: string;
  merchantName: string | null;
}

/** User centre → Identity audits, newest first; a merchant's staff see their merchant's only. */
export const identityList = defineList({
  endpoint: identityApi.search,
  table: identitySubmissions,
  id: identitySubmissions.id,
  select: {
    submission: identitySubmissions,
    customerNumber: customers.customerNumber,
    givenName: customers.givenName,
    familyName: customers.familyName,
    merchantName: merchantNameOf(identitySubmissions.merchantId),
  },
  joins: [{ table: customers, on: eq(customers.id, identitySubmissions.customerId) }],
  scope: (ctx: Ctx) => (ctx.principal.merchantId === null ? undefined : eq(identitySubmissions.merchantId, ctx.principal.merchantId)),
  filters: {
    customerNumber: (number, ctx) =>
      inArray(
        identitySubmissions.customerId,
        ctx.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(like(customers.customerNumber, prefixPattern(number)), customerScope(ctx))),
      ),
    certificateNumber: (number) => like(identitySubmissions.certificateNumber, prefixPattern(number)),
    auditState: (state) => eq(identitySubmissions.auditState, state),
    submitter: (submitter) => eq(identitySubmissions.submitter, submitter),
    merchantId: (merchantId) => eq(identitySubmissions.merchantId, merchantId),
    submittedFrom: (from) => gte(identitySubmissions.submittedAt, new Date(from)),
    submittedTo: (to) => lte(identitySubmissions.submittedAt, new Date(to)),
  },
  defaultOrder: () => ({ column: identitySubmissions.submittedAt, direction: 'desc' }),
  count: 'exact',
  present: ({ submission: s, customerNumber, givenName, familyName, merchantName }: IdentityRow, ctx): IdentityRecord => ({
    id: s.id,
    customerId: s.customerId,
    customerNumber,
    customerName: `${givenName} ${familyName}`.trim(),
    merchantId: s.merchantId,
    merchantName,
    certificateType: s.certificateType,
    certificateNumber: s.certificateNumber,
    documentFileIds: s.documentFileIds,
    faceFileId: s.faceFileId,
    submitter: s.submitter,
    auditState: s.auditState,
    auditMode: s.auditMode,
    auditReason: auditReasonIn(s, ctx),
    auditorName: s.auditorName,
    submittedAt: s.submittedAt.toISOString(),
    auditedAt: s.auditedAt?.toISOString() ?? null,
  }),
});

const CSV_COLUMNS: CsvColumn<CustomerRecord>[] = fieldColumns([
  'customerNumber',
  'merchantName',
  'givenName',
  'familyName',
  'phone',
  'certificateType',
  'certificateNumber',
  'authStatus',
  'restriction',
  'restrictReason',
  'deletion',
  'createdAt',
]);

const IDENTITY_CSV_COLUMNS: CsvColumn<IdentityRecord>[] = fieldColumns([
  'id',
  'customerNumber',
  'merchantName',
  'certificateType',
  'certificateNumber',
  'submitter',
  'auditState',
  'auditMode',
  'auditReason',
  'auditorName',
  'submittedAt',
]);

/** User centre → Customers (/user/list, /user/detail/:id) and Identity audits (/user/auditList). */
export function registerCustomerRoutes(app: FastifyInstance): void {
  serve(app, customerApi.search, ({ input, ctx }) => customerList.search(ctx, input));
  serve(app, customerApi.detail, ({ input, ctx }) => customerDetailOf(ctx, input.id));
  serve(app, customerApi.add, ({ input, ctx }) => addCustomer(ctx, input));
  serve(app, customerApi.edit, ({ input, ctx }) => editCustomer(ctx, input));
  serve(app, customerApi.remove, ({ input, ctx }) => removeCustomer(ctx, input.id));
  serve(app, customerApi.restrict, ({ input, ctx }) => setRestriction(ctx, input.id, true, input.reason));
  serve(app, customerApi.relax, ({ input, ctx }) => setRestriction(ctx, input.id, false, input.reason));
  serve(app, customerApi.export, ({ input, ctx, reply }) =>
    customerList.sendExport(reply, ctx, input, { filename: 'customers.csv', columns: CSV_COLUMNS }),
  );
  serve(app, identityApi.search, ({ input, ctx }) => identityList.search(ctx, input));
  serve(app, identityApi.submit, async ({ input, ctx }) => identityList.detail(ctx, await submitIdentity(ctx, input)));
  serve(app, identityApi.upload, async ({ req, ctx }) => {
    const { upload, fields } = await readImageUpload(req);
    return storeImage(ctx, upload, await customerTenantOf(ctx, fields.customerId));
  });
  serve(app, identityApi.audit, async ({ input, ctx }) => identityList.detail(ctx, await auditIdentity(ctx, input)));
  serve(app, identityApi.export, ({ input, ctx, reply }) =>
    identityList.sendExport(reply, ctx, input, { filename: 'identity-audits.csv', columns: IDENTITY_CSV_COLUMNS }),
  );
}

const GIVEN = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rina', 'Eko', 'Putri', 'Somchai', 'Nattaya', 'Anan', 'Malee', 'Krit', 'Wayan'];
const FAMILY = ['Santoso', 'Wijaya', 'Pratama', 'Lestari', 'Saetang', 'Wongsa', 'Chaiyaporn', 'Siregar', 'Nugroho', 'Rattana'];

/**
 * Demo customers C20000–C20119 of each demo merchant (the demo top-ups and applications name them),
 * in every authentication state, some restricted and some deleted, with identity submissions in every
 * audit state, and three months of new ones after them; once.
 */
export async function seedDemoCustomers(db: Db, demo: DemoContext): Promise<void> {
  const [any] = await db.select({ id: customers.id }).from(customers).limit(1);
  if (any) return;
  const day = 24 * 3600_000;
  for (const [name, country] of [
    ['Demo Agent', 'ID'],
    ['Siam Swap Direct', 'TH'],
  ] as const) {
    const merchantId = demo.merchantIds[name];
    if (merchantId === undefined) continue;
    const rows = Array.from({ length: 120 }, (_, i) => {
      const authStatus: AuthStatus = AUTH_STATUSES[i % 3]!;
      const approved = authStatus === 'APPROVED';
      return {
        merchantId,
        customerNumber: `C${20000 + i}`,
        givenName: GIVEN[i % GIVEN.length]!,
        familyName: FAMILY[(i * 7) % FAMILY.length]!,
        phone:
          country === 'ID' ? `+62812${String(3000000 + i * 37).padStart(7, '0')}` : `+6681${String(2000000 + i * 41).padStart(7, '0')}`,
        certificateType: approved ? (i % 2 === 0 ? ('ID_CARD' as const) : ('PASSPORT' as const)) : null,
        certificateNumber: approved ? (i % 2 === 0 ? `3174${String(100000000000 + i * 7919)}` : `B${String(4000000 + i)}`) : null,
        authStatus,
        restriction: i % 10 === 7 ? ('RESTRICTED' as const) : ('UNRESTRICTED' as const),
        restrictReason: i % 10 === 7 ? 'Unpaid rental' : '',
        deletion: i % 25 === 24 ? ('DELETED' as const) : ('NORMAL' as const),
        createdAt: new Date(Date.now() - (120 - i) * day),
      };
    });
    const made = await db.insert(customers).values(rows).returning();
    // Every submission shows a document's two sides and a face (one set of pictures per merchant).
    const [front, back, face] = await storeDemoImages(db, merchantId, [
      { name: 'document-front.png', data: demoDocumentPhoto(country === 'ID' ? [200, 40, 52] : [36, 62, 140]) },
      { name: 'document-back.png', data: demoDocumentPhoto(country === 'ID' ? [200, 40, 52] : [36, 62, 140], true) },
      { name: 'face.png', data: demoFacePhoto([222, 184, 150]) },
    ]);
    // Approved customers in use hold a vehicle each, as far as the merchant's demo fleet goes.
    const holders = made.filter((c) => c.authStatus === 'APPROVED' && c.deletion === 'NORMAL').slice(0, 12);
    await bindDemoVehicles(
      db,
      merchantId,
      holders.map((c) => c.id),
    );
    const submissions = made.flatMap((c, i): (typeof identitySubmissions.$inferInsert)[] => {
      const base = {
        customerId: c.id,
        merchantId,
        documentFileIds: i % 5 === 3 ? [front!] : [front!, back!],
        faceFileId: face!,
        submitter: i % 4 === 0 ? ('MERCHANT' as const) : ('USER' as const),
      };
      const submittedAt = new Date(c.createdAt.getTime() + day);
      if (c.authStatus === 'APPROVED')
        return [
          {
            ...base,
            certificateType: c.certificateType!,
            certificateNumber: c.certificateNumber!,
            auditState: 'PASSED',
            auditMode: 'MANUAL' as const,
            auditorName: 'merchant',
            submittedAt,
            auditedAt: new Date(submittedAt.getTime() + 3600_000),
          },
        ];
      if (c.authStatus === 'TO_BE_REVIEWED')
        return [
          {
            ...base,
            certificateType: 'ID_CARD' as const,
            certificateNumber: `3275${String(200000000000 + i * 6151)}`,
            auditState: 'PENDING',
            submittedAt: new Date(Date.now() - (i % 5) * day - 3600_000),
          },
        ];
      if (i % 6 === 1)
        return [
          {
            ...base,
            certificateType: 'ID_CARD' as const,
            certificateNumber: `3275${i}`,
            auditState: 'FAILED',
            auditMode: 'AUTOMATIC' as const,
            autoFinding: 'identityFormatWrong',
            submittedAt,
            auditedAt: submittedAt,
          },
        ];
      if (i % 6 === 4)
        return [
          {
            ...base,
            certificateType: 'PASSPORT' as const,
            certificateNumber: `P${String(7000000 + i)}`,
            auditState: 'FAILED',
            auditMode: 'MANUAL' as const,
            auditReason: 'The face photo does not match the document',
            auditorName: 'merchant',
            submittedAt,
            auditedAt: new Date(submittedAt.getTime() + 7200_000),
          },
        ];
      return [];
    });
    await db.insert(identitySubmissions).values(submissions);
    await seedDemoNewCustomers(db, merchantId, country, { front: front!, back: back!, face: face! });
  }
}

/**
 * Three months of newly registered customers (C20120 on, a few a day), every second one approved
 * within the hour of registering: the dashboard's new-user trends and authenticated users
 * (docs/dashboard.md, "Demo").
 */
async function seedDemoNewCustomers(
  db: Db,
  merchantId: number,
  country: 'ID' | 'TH',
  files: { front: number; back: number; face: number },
): Promise<void> {
  const now = Date.now();
  const moments = demoHistoryMoments(now, { min: 1, max: 3, seed: merchantId * 13 + 1 });
  const made = await db
    .insert(customers)
    .values(
      moments.map((createdAt, k) => {
        const i = 120 + k;
        const approved = k % 2 === 0;
        return {
          merchantId,
          customerNumber: `C${20000 + i}`,
          givenName: GIVEN[(i * 3) % GIVEN.length]!,
          familyName: FAMILY[(i * 7) % FAMILY.length]!,
          phone:
            country === 'ID' ? `+62813${String(4000000 + k * 53).padStart(7, '0')}` : `+6682${String(5000000 + k * 59).padStart(7, '0')}`,
          certificateType: approved ? ('ID_CARD' as const) : null,
          certificateNumber: approved ? `3171${String(300000000000 + k * 6007)}` : null,
          authStatus: approved ? ('APPROVED' as const) : ('NOT_CERTIFIED' as const),
          createdAt,
        };
      }),
    )
    .returning();
  const approved = made.filter((c) => c.authStatus === 'APPROVED');
  if (approved.length === 0) return;
  await db.insert(identitySubmissions).values(
    approved.map((c) => {
      const submittedAt = new Date(Math.min(c.createdAt.getTime() + 10 * 60_000, now - 120_000));
      return {
        customerId: c.id,
        merchantId,
        documentFileIds: [files.front, files.back],
        faceFileId: files.face,
        submitter: 'USER' as const,
        certificateType: c.certificateType!,
        certificateNumber: c.certificateNumber!,
        auditState: 'PASSED' as const,
        auditMode: 'MANUAL' as const,
        auditorName: 'merchant',
        submittedAt,
        auditedAt: new Date(Math.min(submittedAt.getTime() + 40 * 60_000, now - 60_000)),
      };
    }),
  );
}
