import type { map as en } from '../../en/signed-in/map';

export const map: Record<keyof typeof en, string> = {
  'map.cluster': '{count} แห่งที่นี่: ซูมเข้า',
  'map.clusterStates': '{count} แห่งที่นี่ (ออนไลน์ {online}, ออฟไลน์ {offline}, แจ้งเตือน {alarm}): ซูมเข้า',
  'map.drawTools': 'เครื่องมือวาด',
  'map.draw': 'วาดเส้นขอบ',
  'map.editPoints': 'แก้ไขจุด',
  'map.clear': 'ล้าง',
  'map.points': '{count} จุด',
  'map.noOutline': 'ยังไม่มีเส้นขอบ: กดวาดเส้นขอบ คลิกบนแผนที่ทีละมุม แล้วคลิกจุดแรกเพื่อปิด',
};
