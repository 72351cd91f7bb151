import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags Chromium needs to run headless in a container or CI. Never download a browser. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: run scripts/ensure-chromium.sh`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  baseURL: string;
  /** Let the first-visit tour run (it is marked finished by default so it does not cover the page). */
  tour?: boolean;
  locale?: string;
  /** The browser's time zone (IANA name); the machine's when not given. */
  timezoneId?: string;
}

/** A fresh context (no cookies, no storage) per test. */
export async function newContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId,
    viewport: { width: 1440, height: 900 },
  });
  if (!options.tour) {
    await context.addInitScript(() => {
      window.localStorage.setItem('tourFinished', '1');
    });
  }
  return context;
}

/** File-system safe name for a test's artefacts. */
export function artefactName(parts: string[]): string {
  return parts
    .join(' -- ')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 180);
}
