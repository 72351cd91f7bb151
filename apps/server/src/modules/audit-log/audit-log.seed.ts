import type { AuditAction } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { DemoContext } from '../../db/demo.js';
import { auditLogs } from './audit-log.table.js';

interface DemoEntry {
  hoursAgo: number;
  username: string;
  merchant?: string;
  action: AuditAction;
  objectType: string;
  objectId?: number;
  changes?: Record<string, unknown>;
  success?: boolean;
}

/**
 * A week of the demo organisation's history, so the audit log shows sign-ins, a refused sign-in and
 * changes in every language on first start. Written once, with the organisation, and only into an
 * empty log: a log holding real entries is never added to.
 */
export async function seedDemoAuditLog(db: Db, demo: DemoContext): Promise<void> {
  if (!demo.addOrganisation) return;
  const [any] = await db.select({ id: auditLogs.id }).from(auditLogs).limit(1);
  if (any) return;
  const agent = 'Demo Agent';
  const siam = 'Siam Swap Direct';
  const entries: DemoEntry[] = [
    { hoursAgo: 170, username: 'admin', action: 'login', objectType: 'session' },
    {
      hoursAgo: 169,
      username: 'admin',
      action: 'merchant.add',
      objectType: 'merchant',
      objectId: demo.merchantIds[agent],
      changes: { name: agent },
    },
    {
      hoursAgo: 169,
      username: 'admin',
      action: 'merchant.add',
      objectType: 'merchant',
      objectId: demo.merchantIds[siam],
      changes: { name: siam },
    },
    {
      hoursAgo: 168,
      username: 'admin',
      action: 'account.add',
      objectType: 'account',
      changes: { username: 'merchant', name: 'Budi Santoso' },
    },
    { hoursAgo: 96, username: 'merchant', merchant: agent, action: 'login', objectType: 'session', success: false },
    { hoursAgo: 95, username: 'merchant', merchant: agent, action: 'login', objectType: 'session' },
    {
      hoursAgo: 94,
      username: 'merchant',
      merchant: agent,
      action: 'notification.add',
      objectType: 'notification',
      changes: { title: 'Ramadan opening hours' },
    },
    { hoursAgo: 93, username: 'merchant', merchant: agent, action: 'logout', objectType: 'session' },
    { hoursAgo: 30, username: 'admin', action: 'login', objectType: 'session' },
    { hoursAgo: 29, username: 'admin', action: 'commonSetting.edit', objectType: 'common_setting', changes: { value: ['15', '10'] } },
  ];
  const hour = 3600_000;
  await db.insert(auditLogs).values(
    entries.map((entry) => ({
      at: new Date(Date.now() - entry.hoursAgo * hour),
      username: entry.username,
      merchantId: entry.merchant ? (demo.merchantIds[entry.merchant] ?? null) : null,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId === undefined ? null : String(entry.objectId),
      changes: entry.changes ?? null,
      ip: '203.0.113.24',
      success: entry.success ?? true,
    })),
  );
}
