export { registerCommonSettingRoutes } from './common-setting.routes.js';
export { isTourEnabled, settingValue, watchSetting, type SettingWatcher } from './common-setting.service.js';
