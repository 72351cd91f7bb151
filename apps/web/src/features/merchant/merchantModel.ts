import { MERCHANT_TYPES, type MerchantRecord } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchOption } from '../../shared/table';

export const MERCHANT_SEARCH = '/admin/merchant/search';

export const TYPE_MAP: StatusMap = {
  AGENT: { meaning: 'processing', labelKey: 'merchant.type.AGENT' },
  DIRECT: { meaning: 'success', labelKey: 'merchant.type.DIRECT' },
};
export const typeOptions: SearchOption[] = MERCHANT_TYPES.map((value) => ({ value, labelKey: `merchant.type.${value}` }));

/** The three identity images of a merchant, in the order they are shown. */
export const IMAGE_FIELDS = [
  'idCardFrontFileId',
  'idCardBackFileId',
  'facePhotoFileId',
] as const satisfies readonly (keyof MerchantRecord)[];
export const IMAGE_LABELS: Record<(typeof IMAGE_FIELDS)[number], string> = {
  idCardFrontFileId: 'merchant.idCardFront',
  idCardBackFileId: 'merchant.idCardBack',
  facePhotoFileId: 'merchant.facePhoto',
};
