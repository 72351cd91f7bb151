import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { commonSettingApi, sessionApi, DEMO_PASSWORD, SMTP_SETTINGS } from '@swap/contracts';
import { startSmtpReceiver } from '../../apps/server/src/test/smtp-receiver.js';
import { apiAnswer, apiRequest } from './api.js';

/** A mail as the run's mailbox keeps it: what a spec reads of it. */
export interface Mail {
  subject: string;
  text: string;
}

export interface Mailbox {
  /** Where specs ask for mails (support/mailbox.ts, `mailTo`). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The run's one mailbox (docs/testing.md, "Browser specs side by side"): a real SMTP server the
 * server under test sends every mail to, set once for the whole run through the mail settings, so no
 * spec changes them while another runs beside it. Specs in their workers ask for a mail by its
 * recipient over HTTP on 127.0.0.1; each spec mails addresses of its own (`unique`). The settings
 * it found are put back when the run ends.
 */
export async function startMailbox(baseURL: string): Promise<Mailbox> {
  const smtp = await startSmtpReceiver();
  const web = http.createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to')?.toLowerCase() ?? '';
    const mail = smtp.mails.find((candidate) =>
      [candidate.to]
        .flat()
        .flatMap((to) => to?.value ?? [])
        .some((to) => to.address?.toLowerCase() === address),
    );
    response.writeHead(mail ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(mail ? { subject: mail.subject ?? '', text: mail.text ?? '' } : null));
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));

  const { token } = await apiRequest(null, sessionApi.signIn, { username: 'admin', password: DEMO_PASSWORD }, baseURL);
  const restore: (() => Promise<unknown>)[] = [];
  for (const [name, value] of [
    [SMTP_SETTINGS.host, smtp.host],
    [SMTP_SETTINGS.port, String(smtp.port)],
  ] as const) {
    const [found] = (await apiRequest(token, commonSettingApi.search, { name }, baseURL)).records.filter((record) => record.name === name);
    if (found) {
      await apiRequest(token, commonSettingApi.edit, { id: found.id, name, value, description: found.description }, baseURL);
      restore.push(() =>
        apiAnswer(token, commonSettingApi.edit, { id: found.id, name, value: found.value, description: found.description }, baseURL),
      );
    } else {
      const added = await apiRequest(token, commonSettingApi.add, { name, value, description: 'The browser specs’ mailbox' }, baseURL);
      restore.push(() => apiAnswer(token, commonSettingApi.remove, { id: added.id }, baseURL));
    }
  }
  return {
    url: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
    async stop() {
      for (const undo of restore) await undo().catch(() => undefined);
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await smtp.close();
    },
  };
}

/** The first mail to `address` in the run's mailbox, waiting for it to arrive. */
export async function mailTo(address: string, timeoutMs = 15_000): Promise<Mail> {
  const url = new URL('/mail', inject('mailboxUrl'));
  url.searchParams.set('to', address);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(url);
    if (answer.ok) return (await answer.json()) as Mail;
    if (Date.now() > end) throw new Error(`no mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
