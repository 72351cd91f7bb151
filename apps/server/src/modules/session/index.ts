export { registerSessionRoutes } from './session.routes.js';
export { type SessionPolicy, authenticate, revokeAccountSessions } from './session.service.js';
