export { registerSessionRoutes } from './session.routes.js';
export { type SessionPolicy, authenticate, revokeAccountSessions } from './session.service.js';
export { tellSignUpApplicants, type Applicant } from './applicants.js';
export { refundAttempt, reserveAttempt, type ThrottlePolicy } from './throttle.js';
export { registerSsoRefusalRoutes, seedDemoSsoRefusals } from './sso-refusal.js';
