import type { Locator, Page } from 'playwright-core';

/** The test OpenID provider's sign-in page (apps/server/src/test/oidc-provider.ts): who signs in, and its button. */
export class SsoProviderPage {
  readonly person: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.person = page.getByLabel('Person');
    this.signInButton = page.getByRole('button', { name: 'Sign in at the provider' });
  }

  async signInAs(subject: string): Promise<void> {
    await this.page.getByRole('heading', { name: 'Test provider sign-in' }).waitFor();
    await this.person.fill(subject);
    await this.signInButton.click();
  }
}
