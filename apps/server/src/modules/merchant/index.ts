export {
  merchantDocumentIds,
  merchantExists,
  merchantIdColumn,
  merchantJoin,
  merchantNameOf,
  refuseHiddenMerchant,
} from './merchant.refs.js';
