export {
  insertMerchant,
  merchantDocumentIds,
  merchantNameTaken,
  merchantExists,
  merchantIdColumn,
  merchantJoin,
  merchantNameOf,
  refuseHiddenMerchant,
  shownMerchantName,
} from './merchant.refs.js';
