import type { map as en } from '../en/map';

export const map: Record<keyof typeof en, string> = {
  'map.cluster': '此处 {count} 个地点：请放大',
};
