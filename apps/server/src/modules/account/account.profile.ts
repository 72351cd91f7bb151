import { eq, sql } from 'drizzle-orm';
import { isLanguage, normaliseSignInName, toUserType, type ProfileEdit, type ProfileRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { accounts } from './account.table.js';
import { assertSignInNamesFree, nameTaken } from './account.service.js';

/** One's own account (docs/security.md, "One's own account"): only ever the caller's own row. */
export async function profileOf(ctx: Ctx): Promise<ProfileRecord> {
  const [row] = await ctx.db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      phone: accounts.phone,
      email: accounts.email,
      emailVerified: sql<boolean>`coalesce(lower(${accounts.verifiedEmail}) = lower(${accounts.email}), false)`,
      language: accounts.language,
      timeZone: accounts.timeZone,
      type: accounts.type,
      merchantName: merchantNameOf(accounts.merchantId),
      lastLoginAt: accounts.lastLoginAt,
    })
    .from(accounts)
    .where(eq(accounts.id, ctx.principal.id));
  if (!row) throw new AppError('accountMissing');
  return {
    ...row,
    language: isLanguage(row.language) ? row.language : null,
    type: toUserType(row.type),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** Name, phone (a sign-in name, so free of every other account's), email, language and time zone of one's own account. */
export async function editProfile(ctx: Ctx, body: ProfileEdit): Promise<ProfileRecord> {
  const after = {
    name: body.name,
    phone: body.phone ?? null,
    email: body.email ?? null,
    language: body.language ?? null,
    timeZone: body.timeZone ?? null,
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const [target] = await tx.select().from(accounts).where(eq(accounts.id, ctx.principal.id)).for('update');
      if (!target) throw new AppError('accountMissing');
      const key = (value: string | null) => (value ? normaliseSignInName(value) : null);
      if (key(after.phone) !== key(target.phone)) await assertSignInNamesFree(tx, { phone: after.phone }, target.id);
      const before = { name: target.name, phone: target.phone, email: target.email, language: target.language, timeZone: target.timeZone };
      const changes = diff(before, after);
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(accounts)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(accounts.id, target.id));
      await recordAudit(tx, ctx, { action: 'account.edit', objectType: 'account', objectId: target.id, changes });
    });
  } catch (error) {
    throw await nameTaken(ctx.db, error, { phone: after.phone }, ctx.principal.id);
  }
  return profileOf(ctx);
}
