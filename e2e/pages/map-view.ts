import type { Locator, Page } from 'playwright-core';

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A map of the map kit (docs/stations-and-maps.md): a region named by its label whose markers and
 * groups are buttons named by what they show. Names are matched by their start, so words added at
 * their end (a group's states) never hide them.
 */
export class MapView {
  readonly locator: Locator;

  constructor(page: Page, label: string) {
    this.locator = page.getByRole('region', { name: label, exact: true });
  }

  /** A place's marker, by its name ("Near 1" of "Near 1 (Offline: 0 of 0 cabinets online; Deployed)"). */
  marker(name: string): Locator {
    return this.locator.getByRole('button', { name: new RegExp(`^${literally(name)} \\(`) });
  }

  /** A group of `count` places, by the start of its name ("4 places here"). */
  group(count: number): Locator {
    return this.locator.getByRole('button', { name: new RegExp(`^${count} places here\\b`) });
  }

  /** Every group drawn. */
  groups(): Locator {
    return this.locator.getByRole('button', { name: /^\d+ places here\b/ });
  }

  /** A group's whole name once it is drawn ("4 places here (1 online, 3 offline, 0 in alarm): zoom in"). */
  async groupName(count: number): Promise<string | null> {
    const group = this.group(count);
    await group.waitFor({ timeout: 15_000 });
    return group.getAttribute('aria-label');
  }
}
