import { z } from 'zod';
import { pageQuerySchema, pageSchema, type Page } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { INT32_MAX, cleanString, deviceNumberList, id, idParam, int32, requiredText, safeText } from '../validation.js';
import { DEVICE_KINDS, type DeviceKind } from './device-type.js';

/** Inventory status and scrap status. */
export const STOCK_STATUSES = ['INSTOCK', 'OUTSTOCK'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const SCRAP_STATUSES = ['NORMAL', 'SCRAPPED'] as const;
export type ScrapStatus = (typeof SCRAP_STATUSES)[number];

/** A device number (serial printed on the device): letters, digits, underscore and hyphen, 1 to 32. */
export const DEVICE_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const deviceNumber = cleanString().trim().regex(DEVICE_NUMBER_PATTERN, { message: 'validation.invalid' });

/**
 * Owner filter of device lists: a merchant id, or 0 for the platform's own stock (merchantId null).
 * Merchant callers are always narrowed to their own merchant whatever they send.
 */
export const ownerFilter = int32(0).nullish();

/**
 * Distribution: assigned to a station or not (docs/operation-centre.md, "Distribution"); every device
 * list shows and filters it. Only an assigned battery may be handed out by a cabinet. Set by the
 * distribution screens only.
 */
export const DISTRIBUTION_STATUSES = ['ASSIGNED', 'UNASSIGNED'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** Filters every device list shares: number prefix, type, statuses, owner, creation range. */
export const deviceSearchBase = pageQuerySchema.extend({
  number: safeText(32).nullish(),
  typeId: id.nullish(),
  brand: safeText(40).nullish(),
  model: safeText(40).nullish(),
  imei: safeText(20).nullish(),
  stockStatus: z.enum(STOCK_STATUSES).nullish(),
  scrapStatus: z.enum(SCRAP_STATUSES).nullish(),
  merchantId: ownerFilter,
  distributionStatus: z.enum(DISTRIBUTION_STATUSES).nullish(),
  /** Devices at a station whose position lies inside the area's outline (docs/stations-and-maps.md, "Devices by area"). */
  areaId: id.nullish(),
  createdFrom: z.iso.datetime({ offset: true }).nullish(),
  createdTo: z.iso.datetime({ offset: true }).nullish(),
});

/** Sort fields every device list accepts (all indexed). */
export const DEVICE_SORT_FIELDS = ['id', 'number', 'createdAt'] as const;

/**
 * Batch registration: up to DEVICE_BATCH_MAX numbers of one type. POST /<kind>/batch/check answers
 * every number before anything is written; POST /<kind>/batch/add writes all of them in one
 * transaction, or nothing when any number is invalid or exists (the web shows the check first).
 */
export const deviceBatch = z.object({
  typeId: id,
  numbers: deviceNumberList,
  /** Owner; platform callers only (null or absent = platform stock). Merchant callers register for themselves. */
  merchantId: id.nullish(),
  brand: safeText(40).nullish(),
  model: safeText(40).nullish(),
});
export type DeviceBatch = z.infer<typeof deviceBatch>;

export const BATCH_CHECK_STATUSES = ['NEW', 'EXISTS', 'INVALID'] as const;
export type BatchCheckStatus = (typeof BATCH_CHECK_STATUSES)[number];
export const batchCheckItem = z.object({
  number: z.string(),
  status: z.enum(BATCH_CHECK_STATUSES),
  /** Localized reason for EXISTS and INVALID; null for NEW. */
  reason: z.string().nullable(),
});
export type BatchCheckItem = z.infer<typeof batchCheckItem>;
export const batchCheckResult = z.object({
  total: z.number(),
  newCount: z.number(),
  existsCount: z.number(),
  invalidCount: z.number(),
  items: z.array(batchCheckItem),
});
export type BatchCheckResult = z.infer<typeof batchCheckResult>;
export const batchAddResult = z.object({ added: z.number(), ids: z.array(z.number()) });
export type BatchAddResult = z.infer<typeof batchAddResult>;

/** Scrap by ids or by numbers (at least one), with the reason. */
export const deviceScrap = z
  .object({
    ids: z.array(id).max(1000, { message: 'validation.batchMax' }).optional(),
    numbers: deviceNumberList.optional(),
    reason: requiredText(200),
  })
  .refine((body) => (body.ids?.length ?? 0) + (body.numbers?.length ?? 0) > 0, { message: 'validation.required', path: ['numbers'] });
export type DeviceScrap = z.infer<typeof deviceScrap>;
export const scrapResult = z.object({ scrapped: z.number() });

/** Stock in or out: numbers of one kind, in one transaction, recorded as one batch. */
export const stockMove = z.object({ numbers: deviceNumberList, remark: safeText(200).default('') });
export type StockMove = z.infer<typeof stockMove>;

export const STOCK_DIRECTIONS = STOCK_STATUSES;
export type StockDirection = StockStatus;

export const stockBatchRecord = z.object({
  id: z.number(),
  /** SB + date + daily sequence, e.g. SB20261121-0001. */
  number: z.string(),
  direction: z.enum(STOCK_DIRECTIONS),
  kind: z.enum(DEVICE_KINDS),
  /** The type when every device of the batch shares one; null for a mixed batch. */
  typeId: z.number().nullable(),
  typeCode: z.string().nullable(),
  typeName: z.string().nullable(),
  quantity: z.number(),
  operatorId: z.number().nullable(),
  operatorName: z.string(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
});
export type StockBatchRecord = z.infer<typeof stockBatchRecord>;

/** The columns the stock record list sorts by (the summary keeps its own order). */
export const STOCK_RECORD_SORTABLE = ['number', 'createdAt', 'quantity'] as const;
export const stockBatchSearch = pageQuerySchema.extend({
  number: safeText(20).nullish(),
  direction: z.enum(STOCK_DIRECTIONS).nullish(),
  typeId: id.nullish(),
  operatorName: safeText(64).nullish(),
  from: z.iso.datetime({ offset: true }).nullish(),
  to: z.iso.datetime({ offset: true }).nullish(),
});
export type StockBatchSearch = z.infer<typeof stockBatchSearch>;

/** GET /stock/<kind>/record/detail?id=&current=&size=: the batch and one page of its devices. */
export const stockBatchDetailQuery = z.object({
  id: idParam,
  current: z.coerce.number().int().min(1).max(INT32_MAX, { message: 'validation.tooLarge' }).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});
export type StockBatchDetailQuery = z.infer<typeof stockBatchDetailQuery>;
export const stockBatchItemRecord = z.object({
  deviceId: z.number(),
  number: z.string(),
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
});
export type StockBatchItemRecord = z.infer<typeof stockBatchItemRecord>;

export const stockSummarySearch = pageQuerySchema.extend({
  typeId: id.nullish(),
  merchantId: ownerFilter,
});
export type StockSummarySearch = z.infer<typeof stockSummarySearch>;
export const stockSummaryRecord = z.object({
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  inStock: z.number(),
  outStock: z.number(),
  scrapped: z.number(),
  total: z.number(),
});
export type StockSummaryRecord = z.infer<typeof stockSummaryRecord>;

/**
 * Device list pages: the standard page plus whether `total` is exact. Above COUNT_EXACT_LIMIT
 * matching rows the total is the planner's estimate (docs/scaling.md), so a page stays fast at 1 M rows.
 */
export const COUNT_EXACT_LIMIT = 10_000;
export function devicePageSchema<T extends z.ZodType>(record: T) {
  return pageSchema(record).extend({ totalExact: z.boolean() });
}
export interface DevicePage<T> extends Page<T> {
  totalExact: boolean;
}

/** Answer of GET /stock/<kind>/record/detail: the batch and one page of its devices. */
export const stockBatchDetail = z.object({ batch: stockBatchRecord, items: pageSchema(stockBatchItemRecord) });
export type StockBatchDetail = z.infer<typeof stockBatchDetail>;

/**
 * The stock endpoints of one kind (POST /stock/<kind>/in, ...), gated by `stock.<kind>` codes.
 * Named by the path after the kind: summary/export and record/export would both end in `export`.
 */
function stockEndpointsOf<const K extends DeviceKind>(kind: K) {
  const base = `/stock/${kind}` as const;
  const code = `stock.${kind}` as const;
  return {
    in: endpoint({ method: 'POST', path: `${base}/in`, access: { code: `${code}.add` }, body: stockMove, answer: stockBatchRecord }),
    out: endpoint({ method: 'POST', path: `${base}/out`, access: { code: `${code}.add` }, body: stockMove, answer: stockBatchRecord }),
    summary: endpoint({
      method: 'POST',
      path: `${base}/summary`,
      access: { code },
      body: stockSummarySearch,
      answer: pageSchema(stockSummaryRecord),
    }),
    summaryExport: endpoint({
      method: 'POST',
      path: `${base}/summary/export`,
      access: { code: `${code}.export` },
      body: stockSummarySearch,
      answer: 'csv',
    }),
    recordSearch: endpoint({
      method: 'POST',
      path: `${base}/record/search`,
      access: { code },
      body: stockBatchSearch,
      answer: pageSchema(stockBatchRecord),
      sortable: ['number', 'createdAt', 'quantity'],
    }),
    recordDetail: endpoint({
      method: 'GET',
      path: `${base}/record/detail`,
      access: { code },
      query: stockBatchDetailQuery,
      answer: stockBatchDetail,
    }),
    recordExport: endpoint({
      method: 'POST',
      path: `${base}/record/export`,
      access: { code: `${code}.export` },
      body: stockBatchSearch,
      sortable: STOCK_RECORD_SORTABLE,
      answer: 'csv',
    }),
  } as const;
}

/** Stock of vehicles, batteries and cabinets (Product centre → Stock), one group per kind. */
export const stockApi = {
  vehicle: stockEndpointsOf('vehicle'),
  battery: stockEndpointsOf('battery'),
  cabinet: stockEndpointsOf('cabinet'),
} as const;
