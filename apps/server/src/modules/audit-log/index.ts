export { auditChangeKeys, auditInsert, auditTrailOf, diff, recordAnonymousAudit, recordAudit, type AuditTrailEntry } from './audit.js';
export { seedDemoAuditLog } from './audit-log.seed.js';
