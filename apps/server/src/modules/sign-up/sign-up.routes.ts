import type { FastifyInstance, FastifyReply } from 'fastify';
import { merchantApplicationApi, signUpApi } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { MailConfig } from '../../app/config.js';
import type { JobHandlers } from '../job/index.js';
import { AppError } from '../../app/errors.js';
import { requestLanguage } from '../../app/language.js';
import { serve, servePublic } from '../../app/route.js';
import type { ThrottlePolicy } from '../session/index.js';
import { applicationDetail, applicationList } from './sign-up.query.js';
import { apply, approve, reject, uploadDocument } from './sign-up.service.js';
import { handleApplicantMails } from './sign-up.mail.js';

/** A throttled call answers when to try again, as sign-in does (`Retry-After`). */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.key === 'tooManyAttempts') {
      const { retryAfterSeconds } = error.data as { retryAfterSeconds: number };
      void reply.header('retry-after', String(retryAfterSeconds));
    }
    throw error;
  }
}

/** The sign-up page's public calls and the review of applications (System centre → Merchant applications). */
export function registerSignUpRoutes(
  app: FastifyInstance,
  { db, throttle, jobs, mail }: { db: Db; throttle: ThrottlePolicy; jobs: JobHandlers; mail: MailConfig },
): void {
  handleApplicantMails(jobs, mail);
  servePublic(app, signUpApi.upload, ({ req, reply }) => withRetryAfter(reply, () => uploadDocument(db, req, throttle)));
  servePublic(app, signUpApi.apply, ({ input, req, reply }) =>
    withRetryAfter(reply, () => apply(db, { ip: req.ip, lang: requestLanguage(req) }, input, throttle)),
  );
  serve(app, merchantApplicationApi.search, ({ input, ctx }) => applicationList.search(ctx, input));
  serve(app, merchantApplicationApi.detail, ({ input, ctx }) => applicationDetail(ctx, input.id));
  serve(app, merchantApplicationApi.approve, ({ input, ctx }) => approve(ctx, input.id));
  serve(app, merchantApplicationApi.reject, ({ input, ctx }) => reject(ctx, input.id, input.reason));
}
