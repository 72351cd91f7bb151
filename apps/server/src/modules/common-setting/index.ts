export { registerCommonSettingRoutes } from './common-setting.routes.js';
export { isTourEnabled } from './common-setting.service.js';
