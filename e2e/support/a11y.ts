import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/** The frame every signed-in screen shares: the sidebar and the header (apps/web/src/app/shell). */
const SHELL = ['.shell-sider', '.shell-header'];

export interface A11yOptions {
  /** CSS selectors to check alone (e.g. a drawer just opened over a screen checked before). */
  include?: string[];
  /** CSS selectors to leave out (e.g. a third-party widget that is checked elsewhere). */
  exclude?: string[];
  /**
   * Leave out the sidebar and header: the test checked them, unchanged, on an earlier screen (they
   * are the same on every screen of one account and language).
   */
  withoutShell?: boolean;
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Runs axe-core (its default rule set: WCAG 2.x A/AA and best practices) on the page as it is now and
 * fails on any serious or critical violation. axe runs in the page itself (its legacy mode: the app
 * has no frames of another origin to reach), not in a second blank page that gathers the frames'
 * results, which took half of each check's time.
 */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  // A select dropdown still closing would freeze half-way once animations stop below (its leave
  // animation never ends) and be checked as open: let closing ones finish first. One the test keeps
  // open on purpose stays open and is checked.
  await page
    .waitForFunction(() => !document.querySelector('[class*="-leave"]'), null, {
      timeout: 3000,
    })
    .catch(() => undefined);
  // A list refreshing (a live change, say) dims its rows under a spinner for a moment, and a busy
  // button is faded: check the page once it is not loading, as the user reads it.
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-btn-loading, .ant-skeleton'), null, { timeout: 10_000 })
    .catch(() => undefined);
  // Colours are checked as they settle: a button caught mid-transition would report a contrast it never keeps.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of [...(options.exclude ?? []), ...(options.withoutShell ? SHELL : [])]) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map((node) => `      ${node.target.join(' ')}`)
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
    })
    .join('\n');
  throw new Error(`axe found ${blocking.length} serious/critical violation(s) on ${page.url()}:\n${report}`);
}
