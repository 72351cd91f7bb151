import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { common as enCommon } from '../src/i18n/en/common';
import { session as enSession } from '../src/i18n/en/session';
import { shell as enShell } from '../src/i18n/en/shell';
import { common as inCommon } from '../src/i18n/in/common';
import { session as inSession } from '../src/i18n/in/session';
import { shell as inShell } from '../src/i18n/in/shell';
import { common as thCommon } from '../src/i18n/th/common';
import { session as thSession } from '../src/i18n/th/session';
import { shell as thShell } from '../src/i18n/th/shell';
import { common as zhCommon } from '../src/i18n/zh/common';
import { session as zhSession } from '../src/i18n/zh/session';
import { shell as zhShell } from '../src/i18n/zh/shell';
import { texts as recovery } from '../src/features/session/recovery.texts';
import { featureTextFiles } from './page-addresses.js';

type Texts = Record<string, string>;

const LANGUAGES = { en: 'en', in: 'id', th: 'th', zh: 'zh-CN' } as const;
type Language = keyof typeof LANGUAGES;

const TEXTS: Record<Language, Texts> = {
  en: { ...enCommon, ...enSession, ...enShell, ...recovery.en },
  in: { ...inCommon, ...inSession, ...inShell, ...recovery.in },
  th: { ...thCommon, ...thSession, ...thShell, ...recovery.th },
  zh: { ...zhCommon, ...zhSession, ...zhShell, ...recovery.zh },
};

/** The pages painted before their code arrives: sign-in, and forgot password (reached from it). */
export const PICTURED = ['login', 'forgot-password'] as const;
export type Pictured = (typeof PICTURED)[number];

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A page's markup in one language, as features/session/LoginPage.tsx (before its public settings
 * arrive) or RecoveryPages.tsx draws it (same elements and classes, so it paints where the page
 * will). It is a picture of the page: no ids or labels for the browser to tie inputs to, nothing
 * focusable.
 */
export function pictureMarkup(page: Pictured, language: Language): string {
  const t = (key: string) => {
    const text = TEXTS[language][key];
    if (text === undefined) throw new Error(`prerender-sign-in: no text ${key} in ${language}`);
    return escape(text);
  };
  const field = (key: string, type: string) =>
    `<div class="field"><span class="field-label">${t(key)}</span><input class="field-input" type="${type}" tabindex="-1" /></div>`;
  const submit = (key: string) =>
    `<button type="button" tabindex="-1" class="plain-button plain-button-primary plain-button-block">${t(key)}</button>`;
  const switches = (Object.keys(LANGUAGES) as Language[])
    .map(
      (other) =>
        `<button type="button" tabindex="-1" lang="${LANGUAGES[other]}" class="plain-button plain-button-text" aria-pressed="${other === language}">${t(`shell.languageName.${other}`)}</button>`,
    )
    .join('');
  const card =
    page === 'login'
      ? [
          `<h1 class="login-title">${t('common.appName')}</h1>`,
          `<p class="muted">${t('session.subtitle')}</p>`,
          `<form>${field('session.username', 'text')}${field('session.password', 'password')}${submit('session.submit')}</form>`,
          `<p class="login-links"><a>${t('session.forgotPassword')}</a><a>${t('session.signUpLink')}</a></p>`,
        ]
      : [
          `<h1 class="login-title">${t('recovery.forgotTitle')}</h1>`,
          `<p class="muted">${t('recovery.forgotHint')}</p>`,
          `<form>${field('recovery.account', 'text')}${submit('recovery.send')}</form>`,
          `<p class="login-links"><a>${t('recovery.backToSignIn')}</a></p>`,
        ];
  return [
    `<main class="login-page" lang="${LANGUAGES[language]}" data-page="${page}" data-language="${language}" hidden>`,
    `<nav class="language-switch">${switches}</nav>`,
    '<div class="login-center"><section class="login-card">',
    ...card,
    '</section></div></main>',
  ].join('');
}

/** The sign-in page's picture in one language. */
export const signInMarkup = (language: Language) => pictureMarkup('login', language);

const normal = (id: string) => id.replaceAll('\\', '/');
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The files each first screen fetches beside the entry, by the module they start from (the chunk
 * and its static imports, less the entry's): what public/first-screen.js preloads for the address
 * opened, so they come with the entry instead of after it has run (docs/scaling.md, "Web bundle").
 * `catalogue:<language>` is the language's catalogue, `recovery:<language>` and `sign-up:<language>` the
 * recovery and sign-up pages' texts, `signed-in:<language>` the texts the shell loads with it,
 * `dashboard:<language>` the dashboard's texts (`dashboardTexts`: the feature texts files its route
 * lists, featureTextFiles) and its part of the contracts' texts.
 */
export function firstScreenFiles(
  bundle: Rollup.OutputBundle,
  base = '/',
  dashboardTexts: readonly string[] = [],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = entry ? closure(entry.fileName) : new Set<string>();
  const startingAt = (pattern: RegExp) => chunks.find((chunk) => chunk.facadeModuleId && pattern.test(normal(chunk.facadeModuleId)));
  const filesOf = (...starts: (Rollup.OutputChunk | undefined)[]) => {
    const files = new Set<string>();
    for (const start of starts) if (start) closure(start.fileName, files);
    return [...files].filter((file) => !loaded.has(file)).map((file) => base + file);
  };
  const dashboard = startingAt(/\/src\/features\/dashboard\/DashboardPage\.tsx$/);
  // The dashboard's route table: the chunk of its centre, which imports the page lazily.
  const dashboardTable =
    dashboard &&
    chunks.find((chunk) => chunk.dynamicImports.includes(dashboard.fileName) && /route-table/.test(chunk.facadeModuleId ?? ''));
  const map: Record<string, string[]> = {
    login: filesOf(startingAt(/\/src\/features\/session\/LoginPage\.tsx$/)),
    recovery: filesOf(startingAt(/\/src\/features\/session\/RecoveryPages\.tsx$/)),
    'sign-up': filesOf(startingAt(/\/src\/features\/session\/SignUpPage\.tsx$/)),
    shell: filesOf(startingAt(/\/src\/app\/AuthedLayout\.tsx$/)),
    dashboard: filesOf(dashboardTable, dashboard),
  };
  for (const language of Object.keys(LANGUAGES)) {
    map[`catalogue:${language}`] = filesOf(startingAt(new RegExp(`/src/i18n/bundles/${language}\\.ts$`)));
    map[`recovery:${language}`] = filesOf(startingAt(new RegExp(`/features/session/recovery\\.texts\\.ts\\?lang=${language}$`)));
    map[`sign-up:${language}`] = filesOf(startingAt(new RegExp(`/features/session/signUp\\.texts\\.ts\\?lang=${language}$`)));
    map[`signed-in:${language}`] = filesOf(startingAt(new RegExp(`/src/i18n/bundles/signed-in/${language}\\.ts$`)));
    // The dashboard's texts (its route's list: feature texts files and its part of the contracts').
    map[`dashboard:${language}`] = filesOf(
      ...dashboardTexts.map((file) => startingAt(new RegExp(`/src/features/${literally(file)}\\?lang=${language}$`))),
      startingAt(new RegExp(`virtual:contract-texts/${language}/dashboard$`)),
    );
  }
  return map;
}

/**
 * Paints the sign-in and forgot-password pages before the app's code has arrived, and fetches the
 * first screen's code with the entry (docs/scaling.md, "Web bundle"): the build writes the pages'
 * pictures in the four languages into index.html (`#prerender`, a layer over the app, inert and
 * hidden from assistive technology) and the files each first screen needs (`#first-screen-files`,
 * data, not script); public/first-screen.js (a file, as the content security policy runs no inline
 * script) shows the picture of the cookie's language on an address that opens on one of those pages,
 * or removes them, and preloads the address's files. The app removes the picture once its own first
 * screen is drawn (app/startup.ts).
 */
export function prerenderSignIn(): Plugin {
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const pictures = PICTURED.flatMap((page) =>
          (Object.keys(LANGUAGES) as Language[]).map((language) => pictureMarkup(page, language)),
        );
        const dashboardTexts = featureTextFiles(fileURLToPath(new URL('..', import.meta.url))).dashboard ?? [];
        const files = JSON.stringify(context.bundle ? firstScreenFiles(context.bundle, '/', dashboardTexts) : {}).replaceAll(
          '<',
          '\\u003c',
        );
        const layer = [
          `<div id="prerender" class="prerender" aria-hidden="true" inert>${pictures.join('')}</div>`,
          `<script type="application/json" id="first-screen-files">${files}</script>`,
          '<script src="/first-screen.js"></script>',
        ].join('\n    ');
        if (!html.includes('<div id="root"></div>')) throw new Error('prerender-sign-in: index.html has no <div id="root"></div>');
        return html.replace('<div id="root"></div>', `${layer}\n    <div id="root"></div>`);
      },
    },
  };
}
