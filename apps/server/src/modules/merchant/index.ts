export {
  merchantDocumentIds,
  merchantExists,
  merchantIdColumn,
  merchantJoin,
  merchantNameOf,
  refuseHiddenMerchant,
  shownMerchantName,
} from './merchant.refs.js';
