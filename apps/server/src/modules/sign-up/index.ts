export { registerSignUpRoutes } from './sign-up.routes.js';
export { applicantOf } from './sign-up.service.js';
export { seedDemoMerchantApplications } from './sign-up.seed.js';
