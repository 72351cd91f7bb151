import { newContext } from '../support/browser.js';
import { describe, expect, test } from '../support/fixtures.js';
import { ListPage } from '../pages/list-page.js';
import { Shell } from '../pages/shell.js';
import { notificationApi } from '@swap/contracts';
import { apiRequest, apiToken } from '../support/api.js';
import { unique } from '../support/factories.js';

describe('CSV export', () => {
  test('the file carries the list’s headings and the times the screen shows, in the browser’s zone', async ({ browser, baseURL }) => {
    // Jakarta is UTC+7 all year; the server writes the times in the zone the browser sends.
    const context = await newContext(browser, { baseURL, timezoneId: 'Asia/Jakarta' });
    const title = unique('Export check ');
    await apiRequest(await apiToken('admin'), notificationApi.add, { title, description: 'Written to be exported.', countryCode: 'ID' });
    try {
      const page = await context.newPage();
      await new Shell(page).startSignedIn('admin');
      const list = new ListPage(page, '/operation/noti/notificati');
      await list.open();
      await list.search({ Title: title });
      const row = list.row(title);
      await row.waitFor();
      const shown = await row.innerText();

      const [header, ...lines] = await list.downloadCsv();
      expect(header).toEqual(['ID', 'Title', 'Description', 'Country', 'Created']);
      const exported = lines.find((cells) => cells[1] === title) ?? expect.unreachable('no exported row');
      const created = exported[4]!;
      expect(created).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC\+7$/);
      expect(shown).toContain(created);
    } finally {
      await context.close();
    }
  });
});
