import type { FeatureTexts } from '../../i18n/catalogue';

/** The lock screen, in every language (docs/web-kits.md, "Texts"): loaded with the page only. */
export const texts = {
  en: {
    'lock.title': 'Screen locked',
    'lock.body': 'Enter the password of {username} to go on where you left off.',
    'lock.unlock': 'Unlock',
    'lock.signOut': 'Sign in as someone else',
  },
  in: {
    'lock.title': 'Layar terkunci',
    'lock.body': 'Masukkan kata sandi {username} untuk melanjutkan.',
    'lock.unlock': 'Buka kunci',
    'lock.signOut': 'Masuk sebagai pengguna lain',
  },
  th: {
    'lock.title': 'หน้าจอถูกล็อก',
    'lock.body': 'ป้อนรหัสผ่านของ {username} เพื่อทำงานต่อ',
    'lock.unlock': 'ปลดล็อก',
    'lock.signOut': 'เข้าสู่ระบบด้วยบัญชีอื่น',
  },
  zh: {
    'lock.title': '屏幕已锁定',
    'lock.body': '输入 {username} 的密码以继续。',
    'lock.unlock': '解锁',
    'lock.signOut': '以其他账号登录',
  },
} satisfies FeatureTexts;
