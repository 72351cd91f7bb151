import type { form as en } from '../../en/signed-in/form';

export const form: Record<keyof typeof en, string> = {
  'form.addTitle': '新增',
  'form.editTitle': '编辑',
  'form.loadFailed': '记录加载失败。',
  'form.fileStored': '文件 {id}',
  'form.chooseFile': '选择文件',
  'form.fileChosen': '{name}（{size}）',
};
