import type { form as en } from '../en/form';

export const form: Record<keyof typeof en, string> = {
  'form.upload': '上传',
  'form.uploading': '上传中…',
  'form.imageType': '仅允许 JPEG、PNG 或 WebP 图片',
  'form.imageSize': '图片不能超过 5 MB',
  'form.imageAlt': '{field}预览',
  'form.removeFile': '移除{field}',
};
