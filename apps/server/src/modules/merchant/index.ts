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
  shownMerchantNameSql,
} from './merchant.refs.js';
