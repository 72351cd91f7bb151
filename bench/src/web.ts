/**
 * `npm run bench:web`: what a browser meets on first opening the web app (docs/scaling.md, "Web
 * bundle"). Starts the built server (apps/server/dist, apps/web/dist; `npm run build` first) on a
 * fresh demo data folder, then in Chromium, each address in a cold context (no cache, no cookies)
 * at 1× and 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate): the JS it fetched (gzipped, as
 * bench:bundle measures, and the number of requests) for the addresses a signed-out user opens, and
 * the largest contentful paint of the sign-in page and of the dashboard (signed in, at `/dashboard` and
 * at `/`, which opens it), each printed
 * beside its budget (200 KB of JS signed out, 700 ms LCP at 4×). A bench, not a test: not part of
 * `npm test`. RUNS=n (default 3) repeats each measurement and prints the median; ONLY=dashboard
 * measures the dashboard alone, ONLY=signed-out the signed-out addresses alone.
 */
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@swap/contracts';
import { launchBrowser } from '../../e2e/support/browser.js';
import { startServer } from '../../e2e/support/server.js';
import { BUDGET_KB } from './bundle-budget.js';

const LCP_BUDGET_MS = 700;
const RATES = [1, 4];
const RUNS = Number(process.env.RUNS ?? 3);
const ONLY = process.env.ONLY;
const SIGNED_OUT = ONLY === 'dashboard' ? [] : ['/', '/session/login', '/session/forgot-password', '/session/sign-up'];

interface Visit {
  jsKb: number;
  requests: number;
  lcpMs: number;
  /** The element the LCP entry names (tag, class, size, first words), to see what holds the paint back. */
  lcpElement: string;
}

/** Largest contentful paint entries, kept by the page for the bench to read. */
const watchLcp = () => {
  const holder = window as unknown as { __lcp?: number; __lcpElement?: string };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
      holder.__lcp = entry.startTime;
      const element = entry.element;
      holder.__lcpElement = element
        ? `${element.tagName.toLowerCase()}${element.classList.length ? `.${[...element.classList].join('.')}` : ''} ${entry.size} px² "${(element.textContent ?? '').trim().slice(0, 30)}"`
        : `(removed) ${entry.size} px²`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

async function visit(
  browser: Browser,
  baseURL: string,
  address: string,
  rate: number,
  shown: (page: Page) => Promise<void>,
  storage?: Storage,
): Promise<Visit> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    storageState: storage,
  });
  await context.addInitScript(watchLcp);
  await context.addInitScript(() => window.localStorage.setItem('tourFinished', '1'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const scripts: Promise<number>[] = [];
  let lastScript = Date.now();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    lastScript = Date.now();
    scripts.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  await page.goto(address);
  await shown(page);
  await page.waitForLoadState('load');
  // Settled once no script came for a second (live pages keep a stream open: never network-idle).
  const end = Date.now() + 15_000;
  while (Date.now() - lastScript < 1_000 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  // The LCP entry is final once the page has painted after its content.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const { lcpMs, lcpElement } = await page.evaluate(() => {
    const holder = window as unknown as { __lcp?: number; __lcpElement?: string };
    return { lcpMs: holder.__lcp ?? Number.NaN, lcpElement: holder.__lcpElement ?? '' };
  });
  const sizes = await Promise.all(scripts);
  await context.close();
  return { jsKb: sizes.reduce((a, b) => a + b, 0) / 1024, requests: sizes.length, lcpMs, lcpElement };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function measure(run: () => Promise<Visit>): Promise<Visit> {
  const visits: Visit[] = [];
  for (let i = 0; i < RUNS; i += 1) visits.push(await run());
  const lcpMs = median(visits.map((v) => v.lcpMs));
  return {
    jsKb: median(visits.map((v) => v.jsKb)),
    requests: median(visits.map((v) => v.requests)),
    lcpMs,
    lcpElement: visits.find((v) => v.lcpMs === lcpMs)?.lcpElement ?? '',
  };
}

const server = await startServer({ logFile: path.join(os.tmpdir(), 'bench-web-server.log') });
const browser = await launchBrowser();
try {
  const signInShown = (page: Page) => page.getByLabel('Username', { exact: true }).waitFor();
  const pageShown = (page: Page) => page.locator('main').first().waitFor();

  // A signed-in session for the dashboard: signed in once, its storage given to each cold context.
  const warm = await browser.newContext({ baseURL: server.baseURL });
  const page = await warm.newPage();
  await page.goto('/session/login');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(sign in|log in|login)$/i }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const storage = await warm.storageState();
  await warm.close();

  console.log(`Web first open, Chromium cold context, median of ${RUNS} (${new Date().toISOString()})`);
  console.log(
    `${'address'.padEnd(28)} ${'CPU'.padStart(4)} ${'JS KB gz'.padStart(9)} ${'requests'.padStart(9)} ${'LCP ms'.padStart(8)}  budget`,
  );
  for (const rate of RATES) {
    for (const address of SIGNED_OUT) {
      const figure = await measure(() =>
        visit(browser, server.baseURL, address, rate, address === '/' || address === '/session/login' ? signInShown : pageShown),
      );
      const jsVerdict = figure.jsKb > BUDGET_KB.signedOut ? `JS OVER ${BUDGET_KB.signedOut}` : `JS ok ≤ ${BUDGET_KB.signedOut}`;
      const lcpVerdict =
        rate === 4 && address === '/session/login'
          ? figure.lcpMs > LCP_BUDGET_MS
            ? `, LCP OVER ${LCP_BUDGET_MS}`
            : `, LCP ok ≤ ${LCP_BUDGET_MS}`
          : '';
      console.log(
        `${address.padEnd(28)} ${`${rate}×`.padStart(4)} ${figure.jsKb.toFixed(1).padStart(9)} ${String(figure.requests).padStart(9)} ${figure.lcpMs.toFixed(0).padStart(8)}  ${jsVerdict}${lcpVerdict}`,
      );
    }
    if (ONLY === 'signed-out') continue;
    // The dashboard signed in, opened at its address and at `/`, which opens it.
    for (const address of ['/dashboard', '/']) {
      const dashboard = await measure(() =>
        visit(browser, server.baseURL, address, rate, (p) => p.getByRole('heading', { level: 1 }).first().waitFor(), storage),
      );
      const verdict = rate === 4 ? (dashboard.lcpMs > LCP_BUDGET_MS ? `LCP OVER ${LCP_BUDGET_MS}` : `LCP ok ≤ ${LCP_BUDGET_MS}`) : '';
      console.log(
        `${`${address} (signed in)`.padEnd(28)} ${`${rate}×`.padStart(4)} ${dashboard.jsKb.toFixed(1).padStart(9)} ${String(dashboard.requests).padStart(9)} ${dashboard.lcpMs.toFixed(0).padStart(8)}  ${verdict}`,
      );
      console.log(`${''.padEnd(28)} LCP element: ${dashboard.lcpElement}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
