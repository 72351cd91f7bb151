import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually } from './eventually.js';

/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it is given, parsed: the password recovery
 * tests of the server and the browser's account spec (e2e imports it from here).
 */
export interface SmtpReceiver {
  url: string;
  host: string;
  port: number;
  mails: ParsedMail[];
  /** The first mail to this address, waiting for it to arrive. */
  mailTo(address: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          done();
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const recipients = (mail: ParsedMail) =>
    [mail.to]
      .flat()
      .flatMap((to) => to?.value ?? [])
      .map((to) => to.address?.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    mails,
    async mailTo(address, timeoutMs = 10_000) {
      let found: ParsedMail | undefined;
      await eventually(() => {
        found = mails.find((mail) => recipients(mail).includes(address.toLowerCase()));
        if (!found) throw new Error(`no mail to ${address} arrived`);
      }, timeoutMs);
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link in a password reset mail: the whole link, its path and query (`/session/reset-password?token=…`) and the token. */
export function resetTokenOf(mail: Pick<ParsedMail, 'text'>): { link: string; path: string; token: string } {
  const link = /(\S+?(\/session\/reset-password\?token=([A-Za-z0-9_-]+)))/.exec(mail.text ?? '');
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return { link: link[1]!, path: link[2]!, token: link[3]! };
}
