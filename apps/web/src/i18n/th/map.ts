import type { map as en } from '../en/map';

export const map: Record<keyof typeof en, string> = {
  'map.cluster': '{count} แห่งที่นี่: ซูมเข้า',
};
