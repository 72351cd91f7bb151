import { z } from 'zod';
import { endpoint, noAnswer } from '../endpoint.js';
import { LANGUAGES } from '../language.js';
import type { FieldLabels } from '../language.js';
import { isTimeZone } from '../format.js';
import { cleanString, id, loginPassword, nameField, newPassword, phone } from '../validation.js';
import { USER_TYPES } from './session.js';

/** An email address (where password recovery mails go): one @, no spaces, up to 254 characters. */
export const emailAddress = cleanString()
  .trim()
  .max(254, { message: 'validation.email' })
  .regex(/^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/, { message: 'validation.email' });

/** An IANA time zone the runtime knows (`Asia/Jakarta`). */
export const timeZoneName = cleanString()
  .trim()
  .max(64, { message: 'validation.invalid' })
  .refine((value) => isTimeZone(value), { message: 'validation.invalid' });

/** One's own account as the profile page shows it (docs/security.md, "One's own account"). */
export const profileRecord = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Whether the account proved it reads that mail (a verification or reset link mailed there was used). */
  emailVerified: z.boolean(),
  /** The interface language chosen; null: the browser's (or the language cookie's). */
  language: z.enum(LANGUAGES).nullable(),
  /** The time zone every date is shown in; null: the browser's. */
  timeZone: z.string().nullable(),
  type: z.enum(USER_TYPES),
  merchantName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type ProfileRecord = z.infer<typeof profileRecord>;

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().or(z.literal('').transform(() => null));

export const profileEdit = z.object({
  name: nameField,
  phone: optional(phone),
  email: optional(emailAddress),
  language: z.enum(LANGUAGES).nullish(),
  timeZone: optional(timeZoneName),
});
export type ProfileEdit = z.infer<typeof profileEdit>;

/** A verification link's token, from the link mailed to one's own address. */
export const mailVerification = z.object({
  token: cleanString()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(200, { message: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.invalid' }),
});

/** Changing one's own password: the current one proves it is the owner; other sessions end. */
export const passwordChange = z.object({ currentPassword: loginPassword, password: newPassword });
export type PasswordChange = z.infer<typeof passwordChange>;

/** One of one's own open sessions: where and with what it signed in, when it was last used. */
export const sessionRecord = z.object({
  id: z.number(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this list was asked with. */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const profileFieldLabels = {
  email: { en: 'Email', in: 'Email', th: 'อีเมล', zh: '邮箱' },
  language: { en: 'Language', in: 'Bahasa', th: 'ภาษา', zh: '语言' },
  timeZone: { en: 'Time zone', in: 'Zona waktu', th: 'เขตเวลา', zh: '时区' },
  currentPassword: { en: 'Current password', in: 'Kata sandi saat ini', th: 'รหัสผ่านปัจจุบัน', zh: '当前密码' },
  // A mailed link's token: a password reset's or a mail verification's.
  token: { en: 'Link', in: 'Tautan', th: 'ลิงก์', zh: '链接' },
  userAgent: { en: 'Device and browser', in: 'Perangkat dan peramban', th: 'อุปกรณ์และเบราว์เซอร์', zh: '设备与浏览器' },
  lastSeenAt: { en: 'Last seen', in: 'Terakhir terlihat', th: 'พบล่าสุด', zh: '最近出现' },
  recipient: { en: 'Recipient', in: 'Penerima', th: 'ผู้รับ', zh: '收件人' },
  subject: { en: 'Subject', in: 'Subjek', th: 'หัวเรื่อง', zh: '主题' },
  body: { en: 'Message', in: 'Pesan', th: 'ข้อความ', zh: '内容' },
  error: { en: 'Sending error', in: 'Galat pengiriman', th: 'ข้อผิดพลาดในการส่ง', zh: '发送错误' },
  // Single sign-on (docs/security.md, "Single sign-on"): the linked identity and the provider's answer.
  verifiedEmail: { en: 'Verified email', in: 'Email terverifikasi', th: 'อีเมลที่ยืนยันแล้ว', zh: '已验证邮箱' },
  ssoSubject: { en: 'Single sign-on identity', in: 'Identitas masuk tunggal', th: 'ตัวตนการลงชื่อเข้าใช้ครั้งเดียว', zh: '单点登录身份' },
  state: { en: 'Sign-in state', in: 'Status proses masuk', th: 'สถานะการลงชื่อเข้าใช้', zh: '登录状态参数' },
  iss: { en: 'Sign-in provider', in: 'Penyedia masuk', th: 'ผู้ให้บริการลงชื่อเข้าใช้', zh: '登录提供方' },
} satisfies FieldLabels;

/**
 * One's own account, for every signed-in account (no permission code beyond signing in): the
 * profile, the password, and the open sessions.
 */
export const profileApi = {
  detail: endpoint({ method: 'GET', path: '/profile/detail', access: { code: '' }, answer: profileRecord }),
  edit: endpoint({ method: 'POST', path: '/profile/edit', access: { code: '' }, body: profileEdit, answer: profileRecord }),
  changePassword: endpoint({
    method: 'POST',
    path: '/profile/password',
    access: { code: '' },
    body: passwordChange,
    answer: noAnswer,
    summary: 'Change one’s own password (the current one required); every other session of the account ends',
  }),
  sessions: endpoint({ method: 'GET', path: '/profile/sessions', access: { code: '' }, answer: z.array(sessionRecord) }),
  endSession: endpoint({
    method: 'POST',
    path: '/profile/endSession',
    access: { code: '' },
    body: z.object({ id: id }),
    answer: noAnswer,
    summary: 'End one of one’s own sessions (another account’s answers as not found)',
  }),
  sendMailVerification: endpoint({
    method: 'POST',
    path: '/profile/verifyMail/send',
    access: { code: '' },
    answer: z.object({ email: z.string() }),
    summary: "Mails a verification link to one's own present email (through SMTP only; a few asks before waits)",
  }),
  verifyMail: endpoint({
    method: 'POST',
    path: '/profile/verifyMail',
    access: { code: '' },
    body: mailVerification,
    answer: profileRecord,
    summary: "Uses one's own verification link: the mail it was sent to, if still the account's, is verified",
  }),
  signOutOthers: endpoint({
    method: 'POST',
    path: '/profile/signOutOthers',
    access: { code: '' },
    answer: z.object({ ended: z.number() }),
    summary: 'Sign out everywhere else: every session of the account but this one ends',
  }),
} as const;
