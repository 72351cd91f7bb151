import { DEMO_PASSWORD } from '@swap/contracts';
import { checkA11y } from '../support/a11y.js';
import { describe, expect, test } from '../support/fixtures.js';
import { LoginPage } from '../support/pages/login-page.js';

describe('sign-in', () => {
  test('an unauthenticated visit to /dashboard goes to the login page and remembers where to return', async ({ page }) => {
    await page.goto('/dashboard');
    const login = new LoginPage(page);
    await login.waitUntilShown();
    expect(login.currentPath()).toBe('/session/login?redirect=%2Fdashboard');
  });

  test('the demo platform admin signs in and lands on the dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', DEMO_PASSWORD);
    await login.waitForPath('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  test('the login page has no serious or critical accessibility violation', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await checkA11y(page);
  });
});
