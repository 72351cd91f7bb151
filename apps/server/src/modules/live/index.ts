export { registerLiveRoutes } from './live.routes.js';
