import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { deviceNumberList, id, safeText } from '../validation.js';
import { DEVICE_KINDS, type DeviceKind } from './device-type.js';
import { optionsQuery, stationOption } from './choices.js';
import { ownerFilter, stockMove } from './stock.js';

/**
 * Distribution of vehicles, batteries and cabinets to a merchant and a station, and recall
 * (Operation centre → Distribution; docs/operation-centre.md, "Distribution").
 */

/** What a distribution history row records: a device given to a merchant or station, or taken back. */
export const DISTRIBUTION_ACTIONS = ['DISTRIBUTE', 'RECALL'] as const;
export type DistributionAction = (typeof DISTRIBUTION_ACTIONS)[number];

/** Labels of the fields distribution brought to the product (see FIELD_LABELS). */
export const distributionFieldLabels = {
  fromMerchantName: { en: 'From merchant', in: 'Dari merchant', th: 'จากผู้ค้า', zh: '原商户' },
  fromStationName: { en: 'From station', in: 'Dari stasiun', th: 'จากสถานี', zh: '原站点' },
  toMerchantName: { en: 'To merchant', in: 'Ke merchant', th: 'ถึงผู้ค้า', zh: '目标商户' },
  toStationName: { en: 'To station', in: 'Ke stasiun', th: 'ถึงสถานี', zh: '目标站点' },
} satisfies FieldLabels;

/**
 * Distribute up to 1,000 numbers of one kind to a merchant (platform staff must name one; merchant
 * staff distribute to their own merchant) and, optionally, one of its stations.
 */
export const distributionBatch = z.object({
  numbers: deviceNumberList,
  merchantId: id.nullish(),
  stationId: id.nullish(),
  remark: safeText(200).default(''),
});
export type DistributionBatch = z.infer<typeof distributionBatch>;

/** Recall to stock: the devices leave their station (and, for platform staff, their merchant). */
export const distributionRecall = stockMove;
export type DistributionRecall = z.infer<typeof distributionRecall>;

export const DISTRIBUTION_CHECK_STATUSES = ['READY', 'REFUSED'] as const;
export type DistributionCheckStatus = (typeof DISTRIBUTION_CHECK_STATUSES)[number];
export const distributionCheckItem = z.object({
  number: z.string(),
  status: z.enum(DISTRIBUTION_CHECK_STATUSES),
  /** Localized reason for REFUSED; null for READY. */
  reason: z.string().nullable(),
});
export type DistributionCheckItem = z.infer<typeof distributionCheckItem>;
/** Every number of the batch as the distribution would decide it, in order; nothing is written. */
export const distributionCheckResult = z.object({
  total: z.number(),
  readyCount: z.number(),
  refusedCount: z.number(),
  items: z.array(distributionCheckItem),
});
export type DistributionCheckResult = z.infer<typeof distributionCheckResult>;
export const distributionResult = z.object({ count: z.number() });
export type DistributionResult = z.infer<typeof distributionResult>;

/** One device moved: who moved it, when, from where to where. */
export const distributionRecord = z.object({
  id: z.number(),
  kind: z.enum(DEVICE_KINDS),
  action: z.enum(DISTRIBUTION_ACTIONS),
  deviceId: z.number(),
  number: z.string(),
  fromMerchantName: z.string().nullable(),
  fromStationName: z.string().nullable(),
  toMerchantName: z.string().nullable(),
  toStationName: z.string().nullable(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type DistributionRecord = z.infer<typeof distributionRecord>;

/** number: a prefix; merchantId: rows from or to that merchant (0: the platform's stock). */
export const distributionSearch = pageQuerySchema.extend({
  number: safeText(32).nullish(),
  action: z.enum(DISTRIBUTION_ACTIONS).nullish(),
  merchantId: ownerFilter,
  createdFrom: z.iso.datetime({ offset: true }).nullish(),
  createdTo: z.iso.datetime({ offset: true }).nullish(),
});
export type DistributionSearch = z.infer<typeof distributionSearch>;

/**
 * The stations a batch may go to, an options call (docs/api.md, "Options calls"): keyword, limit and
 * ids; platform staff name the merchant (none: the platform's own stations).
 */
export const distributionStationQuery = optionsQuery.extend({ merchantId: id.optional() });

/** The distribution endpoints of one kind (POST /distribution/<kind>/…), gated by `allocation.<kind>` codes. */
function distributionEndpointsOf<const K extends DeviceKind>(kind: K) {
  const base = `/distribution/${kind}` as const;
  const code = `allocation.${kind}` as const;
  return {
    search: endpoint({
      method: 'POST',
      path: `${base}/search`,
      access: { code },
      body: distributionSearch,
      answer: pageSchema(distributionRecord),
      sortable: ['createdAt'],
    }),
    check: endpoint({
      method: 'POST',
      path: `${base}/check`,
      access: { code: `${code}.add` },
      body: distributionBatch,
      answer: distributionCheckResult,
    }),
    distribute: endpoint({
      method: 'POST',
      path: `${base}/distribute`,
      access: { code: `${code}.add` },
      body: distributionBatch,
      answer: distributionResult,
    }),
    stations: endpoint({
      method: 'POST',
      path: `${base}/stations`,
      access: { code: `${code}.add` },
      body: distributionStationQuery,
      answer: z.array(stationOption),
      summary:
        'The stations a batch of this kind may go to whose name holds the keyword, by name, at most `limit`, and those named by `ids`',
    }),
    recall: endpoint({
      method: 'POST',
      path: `${base}/recall`,
      access: { code: `${code}.edit` },
      body: distributionRecall,
      answer: distributionResult,
    }),
    export: endpoint({
      method: 'POST',
      path: `${base}/export`,
      access: { code: `${code}.export` },
      body: distributionSearch,
      sortable: ['createdAt'],
      answer: 'csv',
    }),
  };
}

export const distributionApi = {
  vehicle: distributionEndpointsOf('vehicle'),
  battery: distributionEndpointsOf('battery'),
  cabinet: distributionEndpointsOf('cabinet'),
} as const;
