/** 通知：列表、搜索、新增和编辑表单。 */
export const notification = {
  'notification.title': '标题',
  'notification.description': '描述',
  'notification.country': '国家',
  'notification.createdAt': '创建时间',
  'notification.add': '新增通知',
  'notification.addTitle': '新增通知',
  'notification.editTitle': '编辑通知',
  'notification.confirmRemove': '删除此通知？应用用户将不再看到它。',
};
