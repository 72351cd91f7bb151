/** Audit log screen (super administrators only). */
export const auditLog = {
  'auditLog.time': 'Waktu',
  'auditLog.username': 'Pengguna',
  'auditLog.platform': 'Platform',
  'auditLog.action': 'Aksi',
  'auditLog.object': 'Objek',
  'auditLog.success': 'Berhasil',
  'auditLog.changes': 'Perubahan',
  'auditLog.period': 'Periode',
};
