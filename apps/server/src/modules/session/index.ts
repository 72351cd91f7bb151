export { registerSessionRoutes } from './session.routes.js';
export { assertStrongPassword, passwordWeakness } from './password-strength.js';
export { configurePasswordHashing, hashPassword } from './password.js';
export { type SessionPolicy, authenticate, revokeAccountSessions } from './session.service.js';
