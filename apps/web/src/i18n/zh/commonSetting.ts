/** Common settings screen. */
export const commonSetting = {
  'commonSetting.add': '新增设置',
  'commonSetting.addTitle': '新增设置',
  'commonSetting.editTitle': '编辑设置',
  'commonSetting.keyword': '名称、值或描述',
  'commonSetting.name': '名称',
  'commonSetting.value': '值',
  'commonSetting.description': '描述',
  'commonSetting.remark': '备注',
  'commonSetting.updatedAt': '更新时间',
};
