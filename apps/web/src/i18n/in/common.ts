import type { common as en } from '../en/common';

export const common: Record<keyof typeof en, string> = {
  'common.appName': 'Swap Office',
  'common.ok': 'OK',
};
