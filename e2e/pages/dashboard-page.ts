import type { Locator } from 'playwright-core';
import { BasePage } from './base-page.js';

/** A figures tile as a user sees it: its box (x, y, width, height, to the half pixel), label, figure and note. */
export interface SeenTile {
  box: number[];
  label: string;
  count: string;
  /** The value its counter heads for. */
  value: string | null;
  note: string;
}

/**
 * Kept by the page from its first frame (an init script: a string, run as is): each frame, the
 * tiles of the figures card's picture painted before the page's code (docs/dashboard.md, "First
 * paint") while it is shown (the last frame's), and the page's own tiles in the first frame they
 * are drawn.
 */
const WATCH_FIGURES = `(() => {
  const seen = { pictured: null, frames: 0, drawn: null };
  window.figuresSeen = seen;
  const half = (n) => Math.round(n * 2) / 2;
  const tiles = (list, parts) => list.map((tile) => {
    const box = tile.getBoundingClientRect();
    const count = tile.querySelector(parts.count);
    return {
      box: [half(box.x), half(box.y), half(box.width), half(box.height)],
      label: tile.querySelector(parts.label).textContent,
      count: count.textContent,
      value: count.getAttribute('data-value'),
      note: tile.querySelector(parts.note).textContent,
    };
  });
  const frame = () => {
    const picture = document.querySelector('#prerender > [data-page="dashboard"]:not([hidden])');
    if (picture) {
      seen.frames += 1;
      seen.pictured = tiles([...picture.querySelectorAll('.figures-picture-tile')], { label: '.figures-picture-label', count: '[data-count]', note: '.figures-picture-note' });
    }
    const real = [...document.querySelectorAll('.dashboard-figures .dashboard-tile')];
    if (real.length && !seen.drawn) seen.drawn = tiles(real, { label: '.dashboard-tile-label', count: '.dashboard-count', note: '.dashboard-tile-note' });
    if (!seen.drawn) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** The home dashboard (docs/dashboard.md): cards by heading, figures by their tile's name. */
export class DashboardPage extends BasePage {
  readonly path = '/dashboard';

  /** A card, found by its heading. */
  card(title: string): Locator {
    return this.page.locator('.dashboard-card').filter({ has: this.page.getByRole('heading', { level: 2, name: title, exact: true }) });
  }

  /** A figure's tile, by its label. */
  tile(label: string): Locator {
    return this.page.getByRole('group', { name: label, exact: true });
  }

  /**
   * The number a tile shows once its counter stopped (it counts to a new value over five seconds):
   * the text equals the value it heads for.
   */
  async settledCount(label: string): Promise<number> {
    const count = this.tile(label).locator('.dashboard-count');
    await count.waitFor();
    await this.page.waitForFunction(
      (element) => element !== null && element.textContent?.replace(/[^\d]/g, '') === element.getAttribute('data-value'),
      await count.elementHandle(),
      { timeout: 15_000 },
    );
    return Number((await count.textContent())!.replace(/[^\d]/g, ''));
  }

  /** The words a station's marker on the fleet map says of it ("Name (Online: 1 of 1 cabinets online; Deployed)"). */
  async stationOnMap(name: string): Promise<string | null> {
    const marker = this.page.locator(`.leaflet-marker-icon[aria-label^="${name} ("]`);
    return (await marker.count()) === 1 ? marker.getAttribute('aria-label') : null;
  }

  /** Every card has drawn what it loads: the trends' four charts, the rankings' rows and the fleet map's stations. */
  async waitUntilDrawn(): Promise<void> {
    await this.card('Trends').locator('.dashboard-chart canvas').nth(3).waitFor();
    await this.card('Rankings').locator('tbody tr.ant-table-row').first().waitFor();
    await this.page.locator('.leaflet-marker-icon').first().waitFor();
  }

  /**
   * How many pixels the page would scroll, down and across, at the window's size: the window's and
   * the shell's content area's (0 when everything fits).
   */
  overflow(): Promise<{ down: number; across: number }> {
    return this.page.evaluate(() => {
      const boxes = [document.scrollingElement, document.getElementById('main-content')].filter((box) => box !== null);
      return {
        down: Math.max(...boxes.map((box) => box.scrollHeight - box.clientHeight)),
        across: Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth)),
      };
    });
  }

  /**
   * How a box holds what it shows: the pixels its content runs past its right edge (0 when it fits)
   * and the pixels an inner element runs past that edge (0 when within it).
   */
  async widthOf(box: Locator, inner: Locator): Promise<{ across: number; innerPast: number }> {
    const innerElement = await inner.elementHandle();
    return box.evaluate(
      (element, within) => ({
        across: element.scrollWidth - element.clientWidth,
        innerPast: Math.max(0, Math.ceil(within.getBoundingClientRect().right - element.getBoundingClientRect().right)),
      }),
      innerElement,
    );
  }

  /**
   * How a card holds one of its words: the pixels the element's box runs past the card's on any side,
   * and the pixels of its text its own box cuts off (its content wider than it); 0 and 0 when whole.
   */
  async wholeIn(card: Locator, inner: Locator): Promise<{ past: number; cut: number }> {
    const cardElement = await card.elementHandle();
    return inner.evaluate((element, outer) => {
      const box = element.getBoundingClientRect();
      const frame = outer.getBoundingClientRect();
      return {
        past: Math.ceil(Math.max(0, frame.left - box.left, box.right - frame.right, frame.top - box.top, box.bottom - frame.bottom)),
        cut: element.scrollWidth - element.clientWidth,
      };
    }, cardElement);
  }

  /**
   * Records what the page asks for from now on, in order: each API call by its path after
   * `/api/oms` or `/api/auth` with its query (`/dashboard/trend?range=today`) and a posted body after
   * a space (a map call: `/site/store/map {}`), each other file by its path.
   */
  recordRequests(): string[] {
    const requests: string[] = [];
    this.page.on('request', (request) => {
      const url = new URL(request.url());
      const body = request.method() === 'POST' ? ` ${request.postData() ?? ''}` : '';
      requests.push(`${url.pathname.replace(/^\/api\/(oms|auth)(?=\/)/, '')}${url.search}${body}`);
    });
    return requests;
  }

  /** From the next page load on, keeps what the figures' picture and then the page's card show (figuresSeen). */
  async watchFigures(): Promise<void> {
    await this.page.addInitScript({ content: WATCH_FIGURES });
  }

  /**
   * What the page load showed of the figures (watchFigures): the picture's tiles in its last frame
   * and how many frames it was shown, and the page's own tiles in their first frame.
   */
  figuresSeen(): Promise<{ pictured: SeenTile[] | null; frames: number; drawn: SeenTile[] | null }> {
    return this.page.evaluate(
      () => (window as unknown as { figuresSeen: { pictured: SeenTile[] | null; frames: number; drawn: SeenTile[] | null } }).figuresSeen,
    );
  }

  /** The page's live stream is open (the title bar's "Page updates live"). */
  async waitUntilLive(): Promise<void> {
    await this.page.locator('[data-live-status="open"]').waitFor();
  }
}
