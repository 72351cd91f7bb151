import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';

/** A real SMTP server on 127.0.0.1 keeping every mail it is given, parsed (the password recovery spec). */
export interface SmtpReceiver {
  port: number;
  /** The first mail to this address, once it has arrived. */
  mailTo(address: string): Promise<ParsedMail>;
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
  const addressed = (mail: ParsedMail, address: string) =>
    [mail.to]
      .flat()
      .flatMap((to) => to?.value ?? [])
      .some((to) => to.address?.toLowerCase() === address.toLowerCase());
  return {
    port: (server.server.address() as AddressInfo).port,
    async mailTo(address) {
      await expect.poll(() => mails.some((mail) => addressed(mail, address)), { timeout: 15_000 }).toBe(true);
      return mails.find((mail) => addressed(mail, address))!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path and query of the reset link in a password reset mail (`/session/reset-password?token=…`). */
export function resetLinkOf(mail: ParsedMail): string {
  const link = /\S+(\/session\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link[1]!;
}
