import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { externalSystemApi, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { apiRequest } from '../support/api.js';
import { createMerchant, unique } from '../support/factories.js';
import { describe, expect, test } from '../support/fixtures.js';
import { FormDrawer, ListPage } from '../pages/list-page.js';
import { ExternalSystemDetailPage, SigningKeyDialog } from '../pages/external-system-pages.js';
import { Shell } from '../pages/shell.js';

/** A partner's receiver on 127.0.0.1 keeping what it is sent (the demo server allows private addresses). */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('external systems', () => {
  test('register a system, see its key once, send a signed test event to the delivery log, disable it', async ({ page }) => {
    const receiver = await startReceiver();
    try {
      const merchant = await createMerchant({ menuCodes: ['allocation.externalSystem'] });
      await new Shell(page).startSignedIn(merchant.admin.username, merchant.admin.password);
      const list = new ListPage(page, '/distribution/external-system');
      await list.open();

      const name = unique('Partner ');
      const drawer = await list.startAdd('Register system', { Name: name, URL: receiver.url });
      await drawer.saveAndClose();
      const dialog = new SigningKeyDialog(page);
      const key = await dialog.key();
      expect(key).toMatch(/^whsec_/);
      await dialog.close();
      // Shown once: neither the list nor the system's page carries it.
      await list.row(name).waitFor();
      expect(await page.getByText(key).count()).toBe(0);

      await list.action(name, 'Details');
      const [system] = (await apiRequest(merchant.admin.token, externalSystemApi.search, { name })).records;
      const detail = new ExternalSystemDetailPage(page, system!.id);
      await detail.waitUntilShown();
      expect(await page.getByText(key).count()).toBe(0);
      await detail.sendTest();
      // The receiver checks the signature with the key it was shown.
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
      const [request] = receiver.received;
      const timestamp = String(request!.headers[WEBHOOK_TIMESTAMP_HEADER]);
      const signature = `v1=${crypto.createHmac('sha256', key).update(`${timestamp}.${request!.body}`).digest('hex')}`;
      expect(request!.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signature);
      expect(JSON.parse(request!.body)).toMatchObject({ type: 'test' });
      // The delivery log tells it delivered, with the receiver's answer.
      await expect
        .poll(
          async () => {
            await page.reload();
            await detail.waitUntilShown();
            return detail.deliveryRows().first().innerText();
          },
          { timeout: 20_000 },
        )
        .toContain('Delivered');
      const logged = detail.deliveryRows().first();
      await logged.getByText('Test event', { exact: true }).waitFor();
      await logged.getByText('200', { exact: true }).waitFor();
      await checkA11y(page);

      // Disabled: the list says so, and its page offers no test event.
      await list.open();
      await list.action(name, 'Edit');
      const edit = new FormDrawer(page);
      await edit.field('Enabled').click();
      await edit.saveAndClose();
      await list.row(name).getByText('No', { exact: true }).waitFor();
      await detail.open();
      await expect.poll(() => detail.sendTestButton().count()).toBe(0);
      expect(receiver.received.length).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
