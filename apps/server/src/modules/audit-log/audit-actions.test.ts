import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@swap/contracts';
import { recordAnonymousAudit, recordAudit } from './audit.js';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('audit actions', () => {
  it('lists every action the server code writes with a literal', () => {
    const written = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\baction: '([^']+)'/g)) written.add(match[1]!);
    }
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((action) => !(action in AUDIT_ACTIONS))).toEqual([]);
  });

  it('refuses to write an action that is not in the registry, before touching the database', async () => {
    const ctx = { principal: { id: 1, username: 'admin', merchantId: null }, ip: '127.0.0.1', requestTime: null } as never;
    const entry = { action: 'firmware.rollout' as AuditAction, objectType: 'firmware' };
    await expect(recordAudit({} as never, ctx, entry)).rejects.toThrow(/"firmware.rollout" is not in AUDIT_ACTIONS/);
    await expect(recordAnonymousAudit({} as never, { username: 'x', accountId: null, merchantId: null, ip: '' }, entry)).rejects.toThrow(
      /AUDIT_ACTIONS/,
    );
  });
});
