// Temporary screenshot helper (not part of the suite): node .shot.mjs <lang> <path>...
import { chromium } from 'playwright-core';
const [lang, ...paths] = process.argv.slice(2);
const base = process.env.BASE ?? 'http://127.0.0.1:8091';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const context = await browser.newContext({ viewport: { width: 1440, height: Number(process.env.HEIGHT ?? 900) } });
await context.addInitScript(() => localStorage.setItem('tourFinished', '1'));
await context.addCookies([{ name: 'language', value: lang, url: base }]);
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(base + '/session/login');
await page.locator('input').nth(0).fill(process.env.USER_NAME ?? 'admin');
await page.locator('input[type=password]').fill('Demo-Pass-2026');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/session/'), { timeout: 20000 });
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = `/tmp/shots/${lang}${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log('shot', name);
}
await browser.close();
