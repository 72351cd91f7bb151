import { newContext } from '../support/browser.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';

describe('CSV export', () => {
  test('the file carries the list’s headings and the times the screen shows, in the browser’s zone', async ({ browser, baseURL }) => {
    // Jakarta is UTC+7 all year; the server writes the times in the zone the browser sends.
    const context = await newContext(browser, { baseURL, timezoneId: 'Asia/Jakarta' });
    try {
      const page = await context.newPage();
      await new Shell(page).startSignedIn('admin');
      const list = new ListPage(page, '/operation/noti/notificati');
      await list.open();
      await list.search({ Title: 'New app version' });
      const row = list.row('New app version');
      await row.waitFor();
      const shown = await row.innerText();

      const [header, ...lines] = await list.downloadCsv();
      expect(header).toEqual(['ID', 'Title', 'Description', 'Country', 'Created']);
      const exported = lines.find((cells) => cells[1] === 'New app version') ?? expect.unreachable('no exported row');
      const created = exported[4]!;
      expect(created).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC\+7$/);
      expect(shown).toContain(created);
    } finally {
      await context.close();
    }
  });
});
