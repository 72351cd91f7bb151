import type { Locator, Page } from 'playwright-core';
import { BasePage } from './base-page.js';

/** The sign-in page: labelled Username and Password inputs and a sign-in button. */
export class LoginPage extends BasePage {
  readonly path = '/session/login';
  readonly username: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(page: Page) {
    super(page);
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: /^(sign in|log in|login)$/i });
  }

  override async waitUntilShown(): Promise<void> {
    await super.waitUntilShown();
    await this.username.waitFor();
  }

  /** The single sign-on provider's button ("Sign in with …"), shown only when a provider is set. */
  singleSignOn(): Locator {
    return this.page.getByRole('button', { name: /^Sign in with / });
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
