import nodemailer from 'nodemailer';
import { SMTP_SETTINGS } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { MailConfig } from '../../app/config.js';
import { settingValue } from '../common-setting/index.js';
import { mailOutbox } from './mail.table.js';

export interface Mail {
  /** The address, or empty when the account has none (the mail then waits in the outbox). */
  to: string;
  /** Who the mail is for, in the outbox when it has no address (a username). */
  toName: string;
  subject: string;
  text: string;
}

/** How long the SMTP server may take to connect, greet and answer, so a dead one cannot hold a request. */
const SMTP_TIMEOUT_MS = 10_000;

/** The SMTP server to send through: SMTP_URL, or the common settings' smtp_host; none means the outbox. */
async function transportOptions(db: Db, config: MailConfig) {
  if (config.smtpUrl) return { url: config.smtpUrl, from: (await settingValue(db, SMTP_SETTINGS.from)) || config.from };
  const host = (await settingValue(db, SMTP_SETTINGS.host))?.trim();
  if (!host) return undefined;
  const secure = (await settingValue(db, SMTP_SETTINGS.secure)) === 'true';
  const port = Number((await settingValue(db, SMTP_SETTINGS.port)) || (secure ? 465 : 587));
  const user = (await settingValue(db, SMTP_SETTINGS.user))?.trim();
  return {
    options: {
      host,
      port,
      secure,
      auth: user ? { user, pass: config.smtpPassword ?? '' } : undefined,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    from: (await settingValue(db, SMTP_SETTINGS.from)) || config.from,
  };
}

/**
 * Sends a mail through the SMTP server when one is set and the mail has an address; otherwise, or
 * when sending fails, the mail is kept in the outbox (with the reason) for a super administrator.
 * Answers whether the mail left by SMTP.
 */
export async function sendMail(db: Db, config: MailConfig, mail: Mail): Promise<boolean> {
  const smtp = await transportOptions(db, config);
  let error = '';
  if (smtp && mail.to) {
    try {
      const transport = smtp.url
        ? nodemailer.createTransport(smtp.url, { connectionTimeout: SMTP_TIMEOUT_MS })
        : nodemailer.createTransport(smtp.options);
      await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text });
      transport.close();
      return true;
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
    }
  }
  await db.insert(mailOutbox).values({
    recipient: mail.to ? `${mail.toName} <${mail.to}>` : mail.toName,
    subject: mail.subject,
    body: mail.text,
    error,
  });
  return false;
}
