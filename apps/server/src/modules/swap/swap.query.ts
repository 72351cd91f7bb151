import { eq, gte, like, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SWAP_RECORD_FAILURE_MESSAGES, messageText, swapApi, type SwapOrderLink, type SwapRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { prefixPattern } from '../../app/pagination.js';
import { defineList, type ListJoin } from '../../app/list.js';
import { merchantNameOf } from '../merchant/index.js';
import { atCabinetNumberPrefix, cabinetJoin } from '../cabinet/index.js';
import { batteryNumberOf } from '../battery/index.js';
import { vehicleJoin } from '../vehicle/index.js';
import { deviceScope } from '../device-registry/index.js';
import { swapRecords } from './swap.table.js';

/**
 * What the lists of swap records and reservations share: rows at a cabinet (joined for its number)
 * of an owner (its name read in the same query), scoped to the caller's tenant, found by the cabinet's number prefix.
 */
export function atCabinet(columns: { cabinetId: PgColumn; merchantId: PgColumn }) {
  const cabinet = cabinetJoin(columns.cabinetId);
  return {
    joins: [cabinet.join] satisfies ListJoin[],
    cabinetNumberColumn: cabinet.number,
    /** The owner's name, read in the same query. */
    merchantName: merchantNameOf(columns.merchantId),
    scope: (ctx: Ctx): SQL | undefined => deviceScope(ctx, columns.merchantId),
    cabinetNumber: (number: string, ctx: Ctx): SQL => atCabinetNumberPrefix(ctx.db, columns.cabinetId, number),
  };
}

const at = atCabinet(swapRecords);
const served = vehicleJoin(swapRecords.vehicleId);

interface Row {
  swap: typeof swapRecords.$inferSelect;
  cabinetNumber: string;
  merchantName: string | null;
  servedVehicleNumber: string | null;
  order: SwapOrderLink | null;
}

/** The order charging a swap record, read in the list's query: the order module tells it at start-up. */
type OrderOfSwap = (swapRecordId: Column) => SQL<SwapOrderLink | null>;
let orderOfSwap: OrderOfSwap = () => sql<null>`null`;
let list: ReturnType<typeof declareSwapList> | undefined;

/** Tells the swap list how to name the order charging each swap (docs/architecture.md, "No two modules import each other"). */
export function readSwapOrdersFrom(given: OrderOfSwap): void {
  orderOfSwap = given;
  list = undefined;
}

/** Swap records (Business → Swap records), declared on first use. */
export function swapList() {
  return (list ??= declareSwapList());
}

/** Swap records (Business → Swap records); latest swap first, the (…, started_at, id) indexes serve the order. */
const declareSwapList = () =>
  defineList({
    endpoint: swapApi.search,
    table: swapRecords,
    id: swapRecords.id,
    select: {
      swap: swapRecords,
      cabinetNumber: at.cabinetNumberColumn,
      merchantName: at.merchantName,
      servedVehicleNumber: served.number,
      order: orderOfSwap(swapRecords.id),
    },
    joins: [...at.joins, served.join],
    scope: at.scope,
    filters: {
      cabinetNumber: at.cabinetNumber,
      batteryNumber: (number) => {
        const pattern = prefixPattern(number);
        return or(like(swapRecords.batteryInNumber, pattern), like(swapRecords.batteryOutNumber, pattern));
      },
      cabinetId: (cabinetId) => eq(swapRecords.cabinetId, cabinetId),
      // Records keep the numbers as reported: the battery's current number finds them (one number
      // read once, then the two number indexes).
      batteryId: (batteryId) => {
        const number = batteryNumberOf(batteryId);
        return or(eq(swapRecords.batteryInNumber, number), eq(swapRecords.batteryOutNumber, number));
      },
      customer: (customer) => eq(swapRecords.customer, customer),
      // The (customer_id, started_at, id) index serves a customer's page.
      customerId: (customerId) => eq(swapRecords.customerId, customerId),
      merchantId: (merchantId) => eq(swapRecords.merchantId, merchantId),
      result: (result) => eq(swapRecords.result, result),
      startedFrom: (from) => gte(swapRecords.startedAt, new Date(from)),
      startedTo: (to) => lte(swapRecords.startedAt, new Date(to)),
    },
    defaultOrder: () => ({ column: swapRecords.startedAt, direction: 'desc' }),
    count: 'exact',
    present: ({ swap: s, ...joined }: Row, ctx): SwapRecord => {
      const { requestId: _request, ...fields } = s;
      return {
        ...fields,
        ...joined,
        startedAt: s.startedAt.toISOString(),
        endedAt: s.endedAt.toISOString(),
        durationSeconds: Math.round((s.endedAt.getTime() - s.startedAt.getTime()) / 1000),
        failureMessage: s.failureCode ? messageText(SWAP_RECORD_FAILURE_MESSAGES[s.failureCode], ctx.lang) : null,
        createdAt: s.createdAt.toISOString(),
      };
    },
    missing: 'swapMissing',
  });

export const SWAP_CSV_FIELDS: (keyof SwapRecord)[] = [
  'id',
  'cabinetNumber',
  'eventId',
  'batteryInNumber',
  'batteryInCompartment',
  'batteryInSoc',
  'batteryOutNumber',
  'batteryOutCompartment',
  'batteryOutSoc',
  'customer',
  'servedVehicleNumber',
  'startedAt',
  'endedAt',
  'durationSeconds',
  'result',
  'failureMessage',
  'merchantName',
];
