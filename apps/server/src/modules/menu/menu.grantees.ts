import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/**
 * How a removed menu or resource is withdrawn from the roles granting it (docs/architecture.md, "No
 * two modules import each other"): roles grant menus, so the role module refers to menus and this
 * module never imports it. The module registry (modules/index.ts) hands these over once at start-up.
 */
export interface MenuGrantees {
  /** Withdraws a menu from every role inside the caller's transaction; answers the roles that held it. */
  revokeMenu(db: Db, menuId: number): Promise<{ roleId: number }[]>;
  /** Withdraws a resource from every role inside the caller's transaction; answers the roles that held it. */
  revokeResource(db: Db, resourceId: number): Promise<{ roleId: number }[]>;
}

const handed = handOver<MenuGrantees>("The role module's withdrawal of menu grants");

/** Called once by the module registry with the role module's answers. */
export const tellMenuGrantees = handed.tell;

export const menuGrantees = handed.get;
