export { auditChangeKeys, diff, recordAnonymousAudit, recordAudit } from './audit.js';
export { seedDemoAuditLog } from './audit-log.seed.js';
