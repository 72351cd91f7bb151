export { auditChangeKeys, diff, recordAnonymousAudit, recordAudit } from './audit.js';
