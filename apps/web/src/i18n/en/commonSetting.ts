/** Common settings screen. */
export const commonSetting = {
  'commonSetting.add': 'Add setting',
  'commonSetting.addTitle': 'Add setting',
  'commonSetting.editTitle': 'Edit setting',
  'commonSetting.keyword': 'Name, value or description',
  'commonSetting.name': 'Name',
  'commonSetting.value': 'Value',
  'commonSetting.description': 'Description',
  'commonSetting.remark': 'Remark',
  'commonSetting.updatedAt': 'Updated',
};
