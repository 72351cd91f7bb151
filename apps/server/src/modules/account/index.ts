export { assertMayActOnHolders, auditRefusal } from './account.rank.js';
