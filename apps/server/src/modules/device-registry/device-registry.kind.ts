import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DeviceKind, MessageKey, StockStatus } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { merchantExists } from '../merchant/index.js';
import type { DeviceTypeRow as DeviceType } from '../device-type/index.js';

/** What registration writes for one batch: numbers of one type for one owner, plus shared fields. */
export interface NewDevices {
  type: DeviceType;
  numbers: string[];
  merchantId: number | null;
  brand: string | null;
  model: string | null;
}

/** One device as the shared device code reads it. */
export interface DeviceRow {
  id: number;
  number: string;
  typeId: number;
  merchantId: number | null;
  stockStatus: string;
  scrapStatus: string;
}

/** One device as distribution reads it (docs/operation-centre.md, "Distribution"). */
export interface DevicePlacement extends DeviceRow {
  stationId: number | null;
  /** ASSIGNED: distributed to a station. */
  assigned: boolean;
  /** Held by or holding another device (a battery in a vehicle, a vehicle with batteries): its owner cannot change alone. */
  tied: boolean;
}

/** Where distribution puts devices: an owner (null: platform stock) and a station (null: none). */
export interface Placement {
  merchantId: number | null;
  stationId: number | null;
}

/** What the shared device code reads and changes on a kind's own rows (built with `deviceRowsOf`). */
export interface DeviceRows {
  /** The devices with these ids or numbers the caller may see, in id order; locked for the transaction when `lock`. */
  findDevices(db: Db, ctx: Pick<Ctx, 'principal'>, which: { ids: number[]; numbers: string[] }, lock: boolean): Promise<DeviceRow[]>;
  /** Marks the devices SCRAPPED with the reason and time, inside the caller's transaction. */
  markScrapped(tx: Db, ids: number[], reason: string): Promise<void>;
  /** The devices with these numbers the caller may see, with their placement, in id order; locked when `lock`. */
  findPlacements(db: Db, ctx: Pick<Ctx, 'principal'>, numbers: string[], lock: boolean): Promise<DevicePlacement[]>;
  /** Puts the devices in one placement (assigned when it names a station), in one statement. */
  place(tx: Db, ids: number[], to: Placement): Promise<void>;
  /** Marks the devices in or out of stock (a stock move; the stock demo's deployed devices), in one statement. */
  setStockStatus(tx: Db, ids: number[], status: StockStatus): Promise<void>;
}

/**
 * One device kind as the shared device code sees it: its rows (read and changed through the kind's
 * own functions, never its table), its messages, and the kind's own insert (each kind fills its
 * specification columns from the type).
 */
export interface DeviceKindDef extends DeviceRows {
  kind: DeviceKind;
  exists: MessageKey;
  missing: MessageKey;
  /** Inserts the devices (multi-row, in chunks) inside the caller's transaction; answers their ids. */
  insertMany(tx: Db, devices: NewDevices): Promise<number[]>;
  /** Runs inside the scrap transaction before the devices are marked: releases what they hold. */
  beforeScrap?(tx: Db, ids: number[]): Promise<void>;
  /** Refuses (throws) when a locked device may not change now (a battery mid-swap). */
  guardChange?(tx: Db, ids: number[]): Promise<void>;
}

/** Rows per multi-row INSERT: far below PostgreSQL's 65,535 parameters for any kind's columns. */
export const INSERT_CHUNK = 500;

export function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Merchant staff see only their own devices; platform staff see every owner's. */
export function deviceScope(ctx: Pick<Ctx, 'principal'>, merchantId: PgColumn): SQL | undefined {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : eq(merchantId, own);
}

/** The owner filter of a list: a merchant id, or 0 for platform stock. */
export function ownerCondition(merchantId: PgColumn, owner: number | null | undefined): SQL | undefined {
  if (owner === undefined || owner === null) return undefined;
  return owner === 0 ? isNull(merchantId) : eq(merchantId, owner);
}

/**
 * The owner of devices a caller registers: merchant staff register for their own merchant whatever
 * the body says; platform staff name a merchant or leave it empty for platform stock.
 */
export async function placeOwner(ctx: Ctx, merchantId: number | null | undefined): Promise<number | null> {
  if (ctx.principal.merchantId !== null) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) return null;
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing');
  return merchantId;
}
