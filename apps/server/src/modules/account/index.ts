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
export { assertStrongPassword, passwordWeakness } from './password-strength.js';
export { configurePasswordHashing, dummyPasswordHash, hashPassword, useFastPasswordHashing, verifyPassword } from './password.js';
export { endSessionsWith } from './account.service.js';
