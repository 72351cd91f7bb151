export {
  accountCountOfMerchant,
  accountIdColumn,
  accountIdOfUsername,
  accountNames,
  accountNameOf,
  enabledAccountChoices,
  enabledAccountOf,
  addSuperAdmin,
  enabledAccounts,
  findSignInAccount,
  findSsoAccount,
  linkedUsernameOf,
  usernameOf,
  holderCountOfRole,
  holdSignInNames,
  insertMerchantAdministrator,
  merchantHasAccounts,
  recordSignIn,
  roleHasHolders,
  superAdminExists,
  usernameExists,
} from './account.refs.js';
export { assertMayChangeRole, outrankedAccountOptions } from './account.rank.js';
export { grantsOf } from './account.grants.js';
export { assertStrongPassword, passwordWeakness } from './password-strength.js';
export { configurePasswordHashing, dummyPasswordHash, hashPassword, useFastPasswordHashing, verifyPassword } from './password.js';
export { endSessionsWith, linkAccountSso, tellWaitingApplications } from './account.service.js';
export {
  accountOfResetToken,
  endResetLinks,
  findRecoveryAccount,
  issueResetToken,
  markResetLinkMailed,
  mailLanguage,
  passwordAccount,
  setPasswordHash,
  useResetToken,
} from './account.recovery.js';
export { issueMailVerification, mailOfAccount, useMailVerification, voidMailVerification } from './account.mail-verify.js';
export { profileOf } from './account.profile.js';
