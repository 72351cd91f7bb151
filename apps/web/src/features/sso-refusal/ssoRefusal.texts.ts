import type { FeatureTexts } from '../../i18n/catalogue';

/** Refused single sign-ons (System centre → Refused single sign-ons). */
export const texts = {
  en: {
    'ssoRefusal.keyword': 'Identity, email or address',
    'ssoRefusal.link': 'Link to account',
    'ssoRefusal.linkTitle': 'Link the identity {subject} to an account',
    'ssoRefusal.account': 'Account',
    'ssoRefusal.accountHelp': 'The identity then signs in to this account; one identity signs in to one account',
    'ssoRefusal.linked': 'Linked: the identity now signs in to the account',
  },
  in: {
    'ssoRefusal.keyword': 'Identitas, email atau alamat',
    'ssoRefusal.link': 'Hubungkan ke akun',
    'ssoRefusal.linkTitle': 'Hubungkan identitas {subject} ke sebuah akun',
    'ssoRefusal.account': 'Akun',
    'ssoRefusal.accountHelp': 'Identitas ini lalu masuk ke akun ini; satu identitas masuk ke satu akun',
    'ssoRefusal.linked': 'Terhubung: identitas ini kini masuk ke akun tersebut',
  },
  th: {
    'ssoRefusal.keyword': 'ตัวตน อีเมล หรือที่อยู่',
    'ssoRefusal.link': 'เชื่อมกับบัญชี',
    'ssoRefusal.linkTitle': 'เชื่อมตัวตน {subject} กับบัญชี',
    'ssoRefusal.account': 'บัญชี',
    'ssoRefusal.accountHelp': 'ตัวตนนี้จะลงชื่อเข้าใช้บัญชีนี้ หนึ่งตัวตนลงชื่อเข้าใช้ได้หนึ่งบัญชี',
    'ssoRefusal.linked': 'เชื่อมแล้ว ตัวตนนี้ลงชื่อเข้าใช้บัญชีนั้นได้แล้ว',
  },
  zh: {
    'ssoRefusal.keyword': '身份、邮箱或地址',
    'ssoRefusal.link': '关联到账号',
    'ssoRefusal.linkTitle': '将身份 {subject} 关联到账号',
    'ssoRefusal.account': '账号',
    'ssoRefusal.accountHelp': '此身份随后登录该账号；一个身份只登录一个账号',
    'ssoRefusal.linked': '已关联：此身份现在登录该账号',
  },
} satisfies FeatureTexts;
