/** Audit log screen (super administrators only). */
export const auditLog = {
  'auditLog.time': '时间',
  'auditLog.username': '操作人',
  'auditLog.platform': '平台',
  'auditLog.action': '操作',
  'auditLog.object': '对象',
  'auditLog.success': '是否成功',
  'auditLog.changes': '变更内容',
  'auditLog.period': '时间范围',
};
