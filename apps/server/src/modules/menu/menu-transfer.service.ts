import { asc, inArray, sql } from 'drizzle-orm';
import type { MenuExportFile, MenuImportResult } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { recordAudit } from '../audit-log/index.js';
import { menuResources, menus, resources } from './menu.table.js';

/** Every menu and resource as one file; menus parent-first so the file reads top-down. */
export async function exportMenus(db: Db): Promise<MenuExportFile> {
  const menuRows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const resourceRows = await db.select().from(resources).orderBy(asc(resources.code));
  const links = await db.select().from(menuResources);
  const codeOfResource = new Map(resourceRows.map((row) => [row.id, row.code]));
  const codeOfMenu = new Map(menuRows.map((row) => [row.id, row.code]));
  const linksOf = new Map<number, string[]>();
  for (const link of links) {
    const code = codeOfResource.get(link.resourceId);
    if (code) linksOf.set(link.menuId, [...(linksOf.get(link.menuId) ?? []), code]);
  }
  const childrenOf = new Map<number, typeof menuRows>();
  for (const row of menuRows) {
    const parent = codeOfMenu.has(row.parentId) ? row.parentId : -1;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const ordered: MenuExportFile['menus'] = [];
  const visit = (parentId: number) => {
    for (const row of childrenOf.get(parentId) ?? []) {
      ordered.push({
        code: row.code,
        parentCode: codeOfMenu.get(row.parentId) ?? null,
        name: row.name,
        url: row.url,
        iconfont: row.iconfont,
        sort: row.sort,
        resourceCodes: (linksOf.get(row.id) ?? []).sort(),
      });
      visit(row.id);
    }
  };
  visit(-1);
  return {
    version: 1,
    resources: resourceRows.map((row) => ({ name: row.name, code: row.code, type: row.type, url: row.url })),
    menus: ordered,
  };
}

function firstDuplicate(codes: string[]): string | undefined {
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) return code;
    seen.add(code);
  }
  return undefined;
}

/**
 * Checks the whole file against itself and the database before anything is written: no code twice,
 * every resource code known, every parent known, and no menu becoming its own ancestor.
 */
async function checkFile(ctx: Ctx, file: MenuExportFile) {
  if (firstDuplicate(file.resources.map((r) => r.code))) throw new AppError('resourceCodeExists');
  if (firstDuplicate(file.menus.map((m) => m.code))) throw new AppError('menuCodeExists');
  const existingMenus = await ctx.db.select({ id: menus.id, code: menus.code, parentId: menus.parentId }).from(menus);
  const existingResources = await ctx.db.select({ id: resources.id, code: resources.code }).from(resources);

  const knownResources = new Set([...existingResources.map((r) => r.code), ...file.resources.map((r) => r.code)]);
  for (const menu of file.menus) {
    if (menu.resourceCodes.some((code) => !knownResources.has(code))) throw new AppError('resourceNotFound');
  }

  // The parent of every menu after the import, by code (null = root).
  const codeById = new Map(existingMenus.map((m) => [m.id, m.code]));
  const parentOf = new Map<string, string | null>(existingMenus.map((m) => [m.code, codeById.get(m.parentId) ?? null]));
  for (const menu of file.menus) parentOf.set(menu.code, menu.parentCode);
  for (const menu of file.menus) {
    if (menu.parentCode !== null && !parentOf.has(menu.parentCode)) throw fieldInvalid(ctx, 'parentCode');
    const seen = new Set<string>();
    for (let code: string | null | undefined = menu.code; code; code = parentOf.get(code)) {
      if (seen.has(code)) throw fieldInvalid(ctx, 'parentCode');
      seen.add(code);
    }
  }
  return { existingMenus, existingResources };
}

/** Upserts the file's resources and menus by code in one transaction; a bad file changes nothing. */
export async function importMenus(ctx: Ctx, file: MenuExportFile): Promise<MenuImportResult> {
  const { existingMenus, existingResources } = await checkFile(ctx, file);
  const oldResourceCodes = new Set(existingResources.map((r) => r.code));
  const oldMenus = new Map(existingMenus.map((m) => [m.code, m]));

  return ctx.db.transaction(async (tx) => {
    const resourceIds = new Map(existingResources.map((r) => [r.code, r.id]));
    if (file.resources.length) {
      const rows = await tx
        .insert(resources)
        .values(file.resources)
        .onConflictDoUpdate({
          target: resources.code,
          set: { name: sql`excluded.name`, type: sql`excluded.type`, url: sql`excluded.url` },
        })
        .returning({ id: resources.id, code: resources.code });
      for (const row of rows) resourceIds.set(row.code, row.id);
    }

    const menuIds = new Map(existingMenus.map((m) => [m.code, m.id]));
    if (file.menus.length) {
      // Parents are set in a second step, once every menu of the file has an id.
      const rows = await tx
        .insert(menus)
        .values(
          file.menus.map((m) => ({
            code: m.code,
            name: m.name,
            url: m.url,
            iconfont: m.iconfont,
            sort: m.sort,
            parentId: oldMenus.get(m.code)?.parentId ?? -1,
          })),
        )
        .onConflictDoUpdate({
          target: menus.code,
          set: { name: sql`excluded.name`, url: sql`excluded.url`, iconfont: sql`excluded.iconfont`, sort: sql`excluded.sort` },
        })
        .returning({ id: menus.id, code: menus.code });
      for (const row of rows) menuIds.set(row.code, row.id);

      const fileMenuIds = file.menus.map((m) => menuIds.get(m.code)!);
      const cases = sql.join(
        file.menus.map((m) => sql`when ${menuIds.get(m.code)!}::int then ${m.parentCode === null ? -1 : menuIds.get(m.parentCode)!}::int`),
        sql` `,
      );
      await tx
        .update(menus)
        .set({ parentId: sql`case ${menus.id} ${cases} end` })
        .where(inArray(menus.id, fileMenuIds));

      await tx.delete(menuResources).where(inArray(menuResources.menuId, fileMenuIds));
      const links = file.menus.flatMap((m) =>
        m.resourceCodes.map((code) => ({ menuId: menuIds.get(m.code)!, resourceId: resourceIds.get(code)! })),
      );
      if (links.length) await tx.insert(menuResources).values(links).onConflictDoNothing();
    }

    const createdMenus = file.menus.filter((m) => !oldMenus.has(m.code)).map((m) => m.code);
    const createdResources = file.resources.filter((r) => !oldResourceCodes.has(r.code)).map((r) => r.code);
    const result: MenuImportResult = {
      menusCreated: createdMenus.length,
      menusUpdated: file.menus.length - createdMenus.length,
      resourcesCreated: createdResources.length,
      resourcesUpdated: file.resources.length - createdResources.length,
    };
    await recordAudit(tx, ctx, { action: 'menu.import', objectType: 'menu', changes: { ...result, createdMenus, createdResources } });
    return result;
  });
}
