export { registerCommonSettingRoutes } from './common-setting.routes.js';
export { isTourEnabled, settingValue } from './common-setting.service.js';
