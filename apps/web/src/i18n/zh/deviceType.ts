import type { deviceType as en } from '../en/deviceType';

/** Vehicle, battery and cabinet types: list and form. */
export const deviceType: Record<keyof typeof en, string> = {
  'deviceType.add': '新增类型',
  'deviceType.addTitle': '新增类型',
  'deviceType.editTitle': '编辑类型 {name}',
  'deviceType.code': '类型编码',
  'deviceType.name': '名称',
  'deviceType.description': '描述',
  'deviceType.confirmRemove': '确定删除该类型？使用中的类型不能删除。',
};
