/** Words every screen may show, signed out too (those only signed-in screens show: signed-in/common.ts). */
export const common = {
  'common.appName': 'Swap Office',
  'common.ok': 'OK',
};
