import type { Language } from '@swap/contracts';

/** The password reset mail in each language (docs/security.md, "Password recovery"). */
const TEXTS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: 'Reset your password',
    body:
      'Hello {name},\n\nA new password was asked for the account {username}. Open this link within {minutes} minutes to choose one:\n\n{link}\n\n' +
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n',
  },
  in: {
    subject: 'Atur ulang kata sandi Anda',
    body:
      'Halo {name},\n\nKata sandi baru diminta untuk akun {username}. Buka tautan ini dalam {minutes} menit untuk memilihnya:\n\n{link}\n\n' +
      'Tautan hanya berlaku sekali. Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap seperti semula.\n',
  },
  th: {
    subject: 'รีเซ็ตรหัสผ่านของคุณ',
    body:
      'สวัสดี {name}\n\nมีการขอรหัสผ่านใหม่สำหรับบัญชี {username} เปิดลิงก์นี้ภายใน {minutes} นาทีเพื่อตั้งรหัสผ่านใหม่:\n\n{link}\n\n' +
      'ลิงก์ใช้ได้ครั้งเดียว หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะยังคงเดิม\n',
  },
  zh: {
    subject: '重置您的密码',
    body:
      '{name}，您好：\n\n账号 {username} 申请了新密码。请在 {minutes} 分钟内打开以下链接设置新密码：\n\n{link}\n\n' +
      '该链接只能使用一次。如果不是您本人申请，请忽略此邮件，您的密码不会改变。\n',
  },
};

export function resetMail(language: Language, values: { name: string; username: string; minutes: number; link: string }) {
  const text = TEXTS[language];
  let body = text.body;
  for (const [key, value] of Object.entries(values)) body = body.replaceAll(`{${key}}`, String(value));
  return { subject: text.subject, text: body };
}

/** The "verify my mail" mail in each language (docs/security.md, "One's own account"). */
const VERIFY_TEXTS: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: 'Verify your email',
    body:
      'Hello {name},\n\nThe account {username} asked to verify its email {email}. Open this link within {minutes} minutes, signed in as {username}:\n\n{link}\n\n' +
      'The link works once, and only while the account keeps this email. If you did not ask for it, ignore this mail.\n',
  },
  in: {
    subject: 'Verifikasi email Anda',
    body:
      'Halo {name},\n\nAkun {username} meminta verifikasi email {email}. Buka tautan ini dalam {minutes} menit, masuk sebagai {username}:\n\n{link}\n\n' +
      'Tautan hanya berlaku sekali, dan hanya selama akun masih memakai email ini. Jika Anda tidak memintanya, abaikan email ini.\n',
  },
  th: {
    subject: 'ยืนยันอีเมลของคุณ',
    body:
      'สวัสดี {name}\n\nบัญชี {username} ขอยืนยันอีเมล {email} เปิดลิงก์นี้ภายใน {minutes} นาที โดยลงชื่อเข้าใช้เป็น {username}:\n\n{link}\n\n' +
      'ลิงก์ใช้ได้ครั้งเดียว และเฉพาะเมื่อบัญชียังใช้อีเมลนี้อยู่ หากคุณไม่ได้ขอ โปรดเพิกเฉยต่ออีเมลนี้\n',
  },
  zh: {
    subject: '验证您的邮箱',
    body:
      '{name}，您好：\n\n账号 {username} 申请验证邮箱 {email}。请在 {minutes} 分钟内以 {username} 登录后打开以下链接：\n\n{link}\n\n' +
      '该链接只能使用一次，且仅在账号仍使用此邮箱时有效。如果不是您本人申请，请忽略此邮件。\n',
  },
};

export function verificationMail(
  language: Language,
  values: { name: string; username: string; email: string; minutes: number; link: string },
) {
  const text = VERIFY_TEXTS[language];
  let body = text.body;
  for (const [key, value] of Object.entries(values)) body = body.replaceAll(`{${key}}`, String(value));
  return { subject: text.subject, text: body };
}
