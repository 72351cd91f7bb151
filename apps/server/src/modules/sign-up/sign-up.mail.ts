import { eq } from 'drizzle-orm';
import type { Language } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { MailConfig } from '../../app/config.js';
import { sendMail } from '../mail/index.js';
import type { JobHandlers } from '../job/index.js';
import { merchantApplications } from './sign-up.table.js';

/** The queue of the review mails: queued in the review's transaction, sent after it commits (docs/accounts-merchants-roles.md, "Sign-up"). */
export const APPLICANT_MAIL_QUEUE = 'sign-up.review-mail';

type Outcome = 'APPROVED' | 'REJECTED';

/** The review's outcome as the applicant reads it, in the language they applied in. */
const TEXTS: Record<Language, Record<Outcome, { subject: string; body: string }>> = {
  en: {
    APPROVED: {
      subject: 'Your merchant application is approved',
      body:
        'Hello {name},\n\nThe application of {company} to become a merchant is approved. Sign in as {username} with the password you chose when applying:\n\n{link}\n\n' +
        'If you did not apply, tell us by answering this mail.\n',
    },
    REJECTED: {
      subject: 'Your merchant application was rejected',
      body:
        'Hello {name},\n\nThe application of {company} to become a merchant was rejected for this reason:\n\n{reason}\n\n' +
        'You may apply again:\n\n{link}\n',
    },
  },
  in: {
    APPROVED: {
      subject: 'Pengajuan merchant Anda disetujui',
      body:
        'Halo {name},\n\nPengajuan {company} untuk menjadi merchant telah disetujui. Masuk sebagai {username} dengan kata sandi yang Anda pilih saat mengajukan:\n\n{link}\n\n' +
        'Jika Anda tidak mengajukan, beri tahu kami dengan membalas email ini.\n',
    },
    REJECTED: {
      subject: 'Pengajuan merchant Anda ditolak',
      body:
        'Halo {name},\n\nPengajuan {company} untuk menjadi merchant ditolak dengan alasan berikut:\n\n{reason}\n\n' +
        'Anda dapat mengajukan lagi:\n\n{link}\n',
    },
  },
  th: {
    APPROVED: {
      subject: 'คำขอเป็นผู้ค้าของคุณได้รับการอนุมัติแล้ว',
      body:
        'สวัสดี {name}\n\nคำขอเป็นผู้ค้าของ {company} ได้รับการอนุมัติแล้ว ลงชื่อเข้าใช้ด้วยชื่อผู้ใช้ {username} และรหัสผ่านที่คุณตั้งไว้ตอนยื่นคำขอ:\n\n{link}\n\n' +
        'หากคุณไม่ได้ยื่นคำขอ โปรดตอบกลับอีเมลนี้เพื่อแจ้งให้เราทราบ\n',
    },
    REJECTED: {
      subject: 'คำขอเป็นผู้ค้าของคุณถูกปฏิเสธ',
      body: 'สวัสดี {name}\n\nคำขอเป็นผู้ค้าของ {company} ถูกปฏิเสธด้วยเหตุผลนี้:\n\n{reason}\n\n' + 'คุณยื่นคำขอใหม่ได้ที่:\n\n{link}\n',
    },
  },
  zh: {
    APPROVED: {
      subject: '您的商户入驻申请已通过',
      body:
        '{name}，您好：\n\n{company} 的商户入驻申请已通过审核。请使用账号 {username} 和申请时设置的密码登录：\n\n{link}\n\n' +
        '如果您没有提交过申请，请回复此邮件告知我们。\n',
    },
    REJECTED: {
      subject: '您的商户入驻申请被拒绝',
      body: '{name}，您好：\n\n{company} 的商户入驻申请被拒绝，原因如下：\n\n{reason}\n\n' + '您可以重新申请：\n\n{link}\n',
    },
  },
};

/** The mail telling an applicant the review's outcome. */
export function reviewMail(
  language: Language,
  outcome: Outcome,
  values: { name: string; company: string; username: string; reason: string; publicUrl: string },
): { subject: string; text: string } {
  const text = TEXTS[language][outcome];
  const link = `${values.publicUrl}${outcome === 'APPROVED' ? '/session/login' : '/session/sign-up'}`;
  let body = text.body;
  for (const [key, value] of Object.entries({ ...values, link })) body = body.replaceAll(`{${key}}`, value);
  return { subject: text.subject, text: body };
}

/**
 * Sends the review's mail of an application to the address it gave (an application without one:
 * to the outbox, under its username); nothing while it still waits.
 */
async function mailApplicant(db: Db, config: MailConfig, applicationId: number): Promise<void> {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.id, applicationId));
  if (!row || row.status === 'PENDING') return;
  const mail = reviewMail(row.language, row.status, {
    name: row.personInCharge,
    company: row.name,
    username: row.username,
    reason: row.reason,
    publicUrl: config.publicUrl,
  });
  await sendMail(db, config, { to: row.email, toName: row.username, ...mail });
}

/** Adds the review mails' queue to the server's job handlers. */
export function handleApplicantMails(jobs: JobHandlers, config: MailConfig): void {
  jobs.handle(APPLICANT_MAIL_QUEUE, (payload, _job, db) => mailApplicant(db, config, Number(payload.applicationId)));
}
