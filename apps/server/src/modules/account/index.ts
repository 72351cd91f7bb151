export {
  accountCountOfMerchant,
  accountIdColumn,
  accountIdOfUsername,
  addSuperAdmin,
  enabledAccounts,
  enabledAdminsOfMerchant,
  findSignInAccount,
  holderCountOfRole,
  merchantHasAccounts,
  recordSignIn,
  roleHasHolders,
  roleIdsOfAccounts,
  superAdminExists,
  usernameExists,
} from './account.refs.js';
export { assertMayActOnHolders, auditRefusal } from './account.rank.js';
