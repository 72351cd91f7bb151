/** Audit log screen (super administrators only). */
export const auditLog = {
  'auditLog.time': 'Time',
  'auditLog.username': 'Who',
  'auditLog.platform': 'Platform',
  'auditLog.action': 'Action',
  'auditLog.object': 'Object',
  'auditLog.success': 'Succeeded',
  'auditLog.changes': 'Changes',
  'auditLog.period': 'Period',
};
