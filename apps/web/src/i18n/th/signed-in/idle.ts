import type { idle as en } from '../../en/signed-in/idle';

export const idle: Record<keyof typeof en, string> = {
  'idle.title': 'ยังอยู่ไหม',
  'idle.body': 'คุณจะออกจากระบบใน {seconds} วินาทีเนื่องจากไม่มีการใช้งาน',
  'idle.stay': 'อยู่ในระบบต่อ',
};
