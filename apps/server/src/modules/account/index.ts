export {
  accountCountOfMerchant,
  accountIdColumn,
  enabledAccounts,
  enabledAdminsOfMerchant,
  findSignInAccount,
  holderCountOfRole,
  merchantHasAccounts,
  recordSignIn,
  roleHasHolders,
  roleIdsOfAccounts,
} from './account.refs.js';
export { assertMayActOnHolders, auditRefusal } from './account.rank.js';
