export { diff, recordAnonymousAudit, recordAudit } from './audit.js';
