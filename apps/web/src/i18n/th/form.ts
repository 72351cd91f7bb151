import type { form as en } from '../en/form';

export const form: Record<keyof typeof en, string> = {
  'form.upload': 'อัปโหลด',
  'form.uploading': 'กำลังอัปโหลด…',
  'form.imageType': 'อนุญาตเฉพาะรูปภาพ JPEG, PNG หรือ WebP',
  'form.imageSize': 'รูปภาพต้องมีขนาดไม่เกิน 5 MB',
  'form.imageAlt': 'ตัวอย่าง{field}',
  'form.removeFile': 'ลบ{field}',
};
