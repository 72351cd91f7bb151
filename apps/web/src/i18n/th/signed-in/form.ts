import type { form as en } from '../../en/signed-in/form';

export const form: Record<keyof typeof en, string> = {
  'form.addTitle': 'เพิ่ม',
  'form.editTitle': 'แก้ไข',
  'form.loadFailed': 'ไม่สามารถโหลดข้อมูลได้',
  'form.fileStored': 'ไฟล์ {id}',
  'form.chooseFile': 'เลือกไฟล์',
  'form.fileChosen': '{name} ({size})',
};
