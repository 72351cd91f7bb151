import type { FeatureTexts } from '../../i18n/catalogue';

/** Audit log screen (super administrators only). */
export const texts = {
  en: {
    'auditLog.time': 'Time',
    'auditLog.username': 'Who',
    'auditLog.platform': 'Platform',
    'auditLog.action': 'Action',
    'auditLog.object': 'Object',
    'auditLog.success': 'Succeeded',
    'auditLog.changes': 'Changes',
    'auditLog.period': 'Period',
  },
  in: {
    'auditLog.time': 'Waktu',
    'auditLog.username': 'Pengguna',
    'auditLog.platform': 'Platform',
    'auditLog.action': 'Aksi',
    'auditLog.object': 'Objek',
    'auditLog.success': 'Berhasil',
    'auditLog.changes': 'Perubahan',
    'auditLog.period': 'Periode',
  },
  th: {
    'auditLog.time': 'เวลา',
    'auditLog.username': 'ผู้ใช้',
    'auditLog.platform': 'แพลตฟอร์ม',
    'auditLog.action': 'การกระทำ',
    'auditLog.object': 'ออบเจ็กต์',
    'auditLog.success': 'สำเร็จ',
    'auditLog.changes': 'การเปลี่ยนแปลง',
    'auditLog.period': 'ช่วงเวลา',
  },
  zh: {
    'auditLog.time': '时间',
    'auditLog.username': '操作人',
    'auditLog.platform': '平台',
    'auditLog.action': '操作',
    'auditLog.object': '对象',
    'auditLog.success': '是否成功',
    'auditLog.changes': '变更内容',
    'auditLog.period': '时间范围',
  },
} satisfies FeatureTexts;
