import { DEMO_PASSWORD } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { LoginPage } from '../pages/login-page.js';

describe('sign-in', () => {
  test('an unauthenticated visit to /dashboard goes to the login page and remembers where to return', async ({ page }) => {
    await page.goto('/dashboard');
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(login.currentPath()).toBe('/session/login?redirect=%2Fdashboard');
  });

  test('a signed-out visit to / opens sign-in without the signed-in area’s code, the loading screen gone once it shows', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Timers stand still: the loading screen's 2 s limit cannot end it, only the page being ready.
    await page.clock.install();
    await page.goto('/');
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(login.currentPath()).toBe('/session/login?redirect=%2Fdashboard');
    await page.clock.runFor(100);
    await page.getByText('Loading the back-office').waitFor({ state: 'hidden' });
    // The shell, its chunk and antd's core are the signed-in area's (docs/scaling.md, "Web bundle").
    expect(scripts.filter((path) => /\/assets\/(AuthedLayout|shell|ui-core)-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
  });

  test('the demo platform admin signs in and lands on the dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', DEMO_PASSWORD);
    await login.waitForPath('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  test('the app runs under its Content-Security-Policy: nothing refused from sign-in to the dashboard', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    const login = new LoginPage(page);
    const first = await page.goto('/session/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await login.waitUntilShown();
    await login.signIn('admin', DEMO_PASSWORD);
    await login.waitForPath('/dashboard');
    expect(refusals).toEqual([]);
  });

  test('the login page has no serious or critical accessibility violation', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await checkA11y(page);
  });
});
