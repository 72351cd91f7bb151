import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';
import { openDrawer, saveDrawer } from './antd.js';

/** System centre → Roles: the list and the role drawer with its grant tree. */
export class RoleListPage extends BasePage {
  readonly path = '/system/role/list';

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
  }

  row(name: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: name });
  }

  /** Ticks the node reached by the titles of `trail` (e.g. System centre → Administration → Common settings), opening its parents. */
  private async grant(drawer: Locator, trail: string[]): Promise<void> {
    for (const [index, title] of trail.entries()) {
      const node = drawer
        .locator('.ant-tree-treenode:not([aria-hidden="true"])', {
          has: this.page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
        })
        .first();
      if (index < trail.length - 1) {
        const closed = node.locator('.ant-tree-switcher_close');
        if ((await closed.count()) > 0) await closed.click();
      } else {
        await node.locator('.ant-tree-checkbox').click();
      }
    }
  }

  async addRole(name: string, description: string, grants: string[][]): Promise<void> {
    await this.page.getByRole('button', { name: 'Add role' }).click();
    const drawer = openDrawer(this.page);
    await drawer.getByLabel('Name', { exact: true }).fill(name);
    await drawer.getByLabel('Description', { exact: true }).fill(description);
    await drawer.locator('.ant-tree-title').first().waitFor();
    for (const trail of grants) await this.grant(drawer, trail);
    await saveDrawer(this.page, drawer);
    await this.row(name).waitFor();
  }

  async addGrants(name: string, grants: string[][]): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Edit' }).click();
    const drawer = openDrawer(this.page);
    await drawer.locator('.ant-tree-title').first().waitFor();
    for (const trail of grants) await this.grant(drawer, trail);
    await saveDrawer(this.page, drawer);
  }
}
