import type { FeatureTexts } from '../../i18n/catalogue';

/** Notifications: list, search, add and edit form, in every language (docs/web-kits.md, "Texts"). */
export const texts = {
  en: {
    'notification.add': 'Add notification',
    'notification.editTitle': 'Edit notification',
    'notification.confirmRemove': 'Remove this notification? App users will no longer see it.',
  },
  in: {
    'notification.add': 'Tambah notifikasi',
    'notification.editTitle': 'Ubah notifikasi',
    'notification.confirmRemove': 'Hapus notifikasi ini? Pengguna aplikasi tidak akan melihatnya lagi.',
  },
  th: {
    'notification.add': 'เพิ่มการแจ้งข่าว',
    'notification.editTitle': 'แก้ไขการแจ้งข่าว',
    'notification.confirmRemove': 'ลบการแจ้งข่าวนี้หรือไม่ ผู้ใช้แอปจะไม่เห็นอีกต่อไป',
  },
  zh: {
    'notification.add': '新增通知',
    'notification.editTitle': '编辑通知',
    'notification.confirmRemove': '删除此通知？应用用户将不再看到它。',
  },
} satisfies FeatureTexts;
