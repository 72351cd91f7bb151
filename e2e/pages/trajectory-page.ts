import type { Locator, Page } from 'playwright-core';

/** Product centre → a vehicle's or battery's trajectory, reached from its detail page. */
export class TrajectoryPage {
  constructor(
    readonly page: Page,
    readonly kind: 'vehicle' | 'battery',
  ) {}

  /** From the device list: search the number, open its detail, then its trajectory. */
  async openFor(number: string): Promise<void> {
    await this.page.goto(`/product/${this.kind}/list`);
    const form = this.page.getByRole('search');
    await form.getByLabel('Number', { exact: true }).fill(number);
    await form.getByRole('button', { name: 'Search' }).click();
    await this.page.locator('.ant-table-row', { hasText: number }).getByRole('button', { name: 'View' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(`/product/${this.kind}/detail/`));
    await this.page.getByRole('button', { name: 'Trajectory' }).click();
    await this.page.waitForURL((url) => url.pathname.startsWith(`/product/${this.kind}/trajectory/`));
    await this.page.getByRole('heading', { name: `Trajectory of ${number}`, level: 1 }).waitFor();
  }

  async chooseRange(label: 'Last week' | 'Last month' | 'Last three months' | 'Start and end'): Promise<void> {
    await this.page.getByText(label, { exact: true }).click();
  }

  /** The value shown beside a summary label (Reports, Distance, ...). */
  summary(label: string): Locator {
    return this.page.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }

  /** The map the route is drawn on (Leaflet). */
  routeMap(): Locator {
    return this.page.getByRole('region', { name: 'Map of the route' });
  }

  /** The route's lines drawn on the map. */
  routeLines(): Locator {
    return this.routeMap().locator('.leaflet-overlay-pane path');
  }

  /** The trips listed beside the map, each a button that highlights its trip. */
  trip(index: number): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Trip ${index}\\b`) });
  }

  /** The playback's time and speed under the map. */
  playbackTime(): Locator {
    return this.page.getByTestId('playback-time');
  }

  playbackButton(name: 'Play' | 'Pause'): Locator {
    return this.page.getByRole('group', { name: 'Playback' }).getByRole('button', { name });
  }

  rows(): Locator {
    return this.page.locator('.ant-table-row');
  }
}
