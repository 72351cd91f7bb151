import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rollup } from 'vite';
import {
  ALARM_LEVELS,
  dashboardApi,
  LANGUAGE_HEADER,
  LOCALES,
  OMS_BASE,
  REQUEST_TIME_HEADER,
  SUCCESS_CODE,
  textCatalogue,
  TOKEN_HEADER,
} from '@swap/contracts';
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
import { nav as enNav } from '../src/i18n/en/signed-in/nav';
import { nav as inNav } from '../src/i18n/in/signed-in/nav';
import { nav as thNav } from '../src/i18n/th/signed-in/nav';
import { nav as zhNav } from '../src/i18n/zh/signed-in/nav';
import { texts as dashboard } from '../src/features/dashboard/dashboard.texts';
import { texts as recovery } from '../src/features/session/recovery.texts';
import { COUNTER_MS, levelStyle } from '../src/features/dashboard/figuresLook';
import { featureTextFiles } from './page-addresses.js';

type Texts = Record<string, string>;

const LANGUAGES = { en: 'en', in: 'id', th: 'th', zh: 'zh-CN' } as const;
type Language = keyof typeof LANGUAGES;

/** The alarm levels' words of the contracts' texts. */
const levels = (language: Language): Texts =>
  Object.fromEntries(ALARM_LEVELS.map((level) => [`alarm.level.${level}`, textCatalogue(language)[`alarm.level.${level}`] ?? level]));

const TEXTS: Record<Language, Texts> = {
  en: { ...enCommon, ...enSession, ...enShell, ...recovery.en, ...enNav, ...dashboard.en, ...levels('en') },
  in: { ...inCommon, ...inSession, ...inShell, ...recovery.in, ...inNav, ...dashboard.in, ...levels('in') },
  th: { ...thCommon, ...thSession, ...thShell, ...recovery.th, ...thNav, ...dashboard.th, ...levels('th') },
  zh: { ...zhCommon, ...zhSession, ...zhShell, ...recovery.zh, ...zhNav, ...dashboard.zh, ...levels('zh') },
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

/**
 * The language's digit grouping and decimal marks as shared/format.ts formatNumber writes numbers
 * (Intl's), for public/first-screen.js to write the figures without Intl, whose first use in a page
 * is slow (docs/dashboard.md, "First paint").
 */
export function numberMarks(language: Language): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3 }).formatToParts(1234567.5);
  const mark = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { group: mark('group'), decimal: mark('decimal') };
}

/** An antd icon as FiguresCard draws it (its CommonJS build: Node reads the ES one's imports without their file extension). */
const antIcon = (name: string) =>
  (createRequire(import.meta.url)(`@ant-design/icons/lib/icons/${name}`) as { default: ComponentType<{ 'aria-hidden': boolean }> }).default;

/**
 * The dashboard's picture in one language, drawn before the shell's and the page's code (antd) have
 * come: the shell's frame (sidebar, header) and the page's title, its welcome line and the figures
 * card (features/dashboard/FiguresCard.tsx) at the places and sizes they take on the page, with
 * empty slots that public/first-screen.js fills from the figures' answer (the same call the app
 * then takes instead of asking again; docs/dashboard.md, "First paint"). Its own class names (the
 * global stylesheet's `figures-picture-*`), so no test or style of the page meets it. `data-texts`
 * holds what the filling writes: the notes' texts, the alarm levels' words and colours (the
 * arrows, the same in every language, are the layer's: figuresArrows).
 */
export function figuresPictureMarkup(language: Language): string {
  const text = (key: string) => {
    const value = TEXTS[language][key];
    if (value === undefined) throw new Error(`prerender-sign-in: no text ${key} in ${language}`);
    return value;
  };
  const t = (key: string) => escape(text(key));
  const fill = {
    marks: numberMarks(language),
    up: text('dashboard.changeUp'),
    down: text('dashboard.changeDown'),
    none: text('dashboard.noneYesterday'),
    inAll: text('dashboard.inAll'),
    today: text('dashboard.today'),
    welcome: text('dashboard.welcome'),
    countMs: COUNTER_MS,
    levels: Object.fromEntries(ALARM_LEVELS.map((level) => [level, { name: text(`alarm.level.${level}`), style: levelStyle(level) }])),
  };
  // The tiles in FiguresCard's order: the counter's figure and the note's.
  const tiles = [
    ['dashboard.swapsToday', 'swaps'],
    ['dashboard.vehiclesSold', 'vehicles'],
    ['dashboard.batteriesSold', 'batteries'],
    ['dashboard.authenticatedUsers', 'users'],
    ['dashboard.openAlarms', 'alarms'],
  ]
    .map(
      ([label, slot]) =>
        `<div class="figures-picture-tile"><div class="figures-picture-label">${t(label!)}</div><div class="figures-picture-value"><span data-count="${slot}">0</span></div><div class="figures-picture-note" data-note="${slot}"></div></div>`,
    )
    .join('');
  const name = t('common.appName');
  return [
    `<div class="figures-picture" lang="${LANGUAGES[language]}" data-page="dashboard" data-language="${language}" data-texts="${escape(JSON.stringify(fill))}" hidden>`,
    `<div class="figures-picture-sider"><div class="shell-brand"><span class="figures-picture-wide">${name}</span><span class="figures-picture-narrow">${escape(text('common.appName').slice(0, 1))}</span></div></div>`,
    '<div class="figures-picture-body"><div class="figures-picture-header"></div><div class="figures-picture-content">',
    `<div class="title-bar"><h1 class="title-bar-heading">${t('nav.dashboard')}</h1></div>`,
    '<p class="figures-picture-welcome" data-welcome></p>',
    `<div class="figures-picture-card"><div class="figures-picture-head"><h2>${t('dashboard.figures')}</h2></div>`,
    `<div class="figures-picture-tiles">${tiles}</div></div>`,
    '</div></div></div>',
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

/** The swaps note's arrows as FiguresCard draws them (antd's icons), once for the four pictures. */
export const figuresArrows = () => ({
  up: renderToStaticMarkup(createElement(antIcon('ArrowUpOutlined'), { 'aria-hidden': true })),
  down: renderToStaticMarkup(createElement(antIcon('ArrowDownOutlined'), { 'aria-hidden': true })),
});

/**
 * The figures' call as the app makes it (shared/api/client.ts: its address and the headers of a
 * back-office GET), for public/first-screen.js to make it first on the dashboard.
 */
export const FIGURES_CALL = {
  url: OMS_BASE + dashboardApi.figures.path,
  token: TOKEN_HEADER,
  language: LANGUAGE_HEADER,
  time: REQUEST_TIME_HEADER,
  success: SUCCESS_CODE,
};

/**
 * Paints the sign-in and forgot-password pages before the app's code has arrived, and the dashboard
 * from its figures' answer (docs/dashboard.md, "First paint"), and fetches the first screen's code
 * with the entry (docs/scaling.md, "Web bundle"): the build writes the pages' pictures in the four
 * languages into index.html (`#prerender`, a layer over the app, inert and hidden from assistive
 * technology, with the figures' call and the arrows) and the files each first screen needs
 * (`#first-screen-files`, data, not script, with the entry); public/first-screen.js (a file, as the
 * content security policy runs no inline script) shows the picture of the cookie's language on an
 * address that opens on one of those pages, or removes them, preloads the address's files and
 * starts the entry, after the picture's first paint where there is one. The app removes a sign-in
 * picture once its own first screen is drawn (app/startup.ts), the dashboard's once its figures
 * card is (features/dashboard/FiguresCard.tsx).
 */
export function prerenderSignIn(): Plugin {
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const languages = Object.keys(LANGUAGES) as Language[];
        const pictures = [
          ...PICTURED.flatMap((page) => languages.map((language) => pictureMarkup(page, language))),
          ...languages.map(figuresPictureMarkup),
        ];
        const dashboardTexts = featureTextFiles(fileURLToPath(new URL('..', import.meta.url))).dashboard ?? [];
        // The entry's module script and its imports' preloads leave the head: first-screen.js
        // preloads them (on the dashboard after its picture's paint: docs/scaling.md, "The
        // dashboard's largest paint") and starts the entry once the address's picture has painted
        // (docs/scaling.md, "First open, signed out").
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        const preloadTags = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const entryFiles = [...(entryTag ? [entryTag[1]!] : []), ...preloadTags.map((tag) => tag[1]!)];
        const files = JSON.stringify({
          ...(context.bundle ? firstScreenFiles(context.bundle, '/', dashboardTexts) : {}),
          ...(entryTag ? { entry: entryTag[1] } : {}),
          'entry-files': entryFiles,
        }).replaceAll('<', '\\u003c');
        const layer = [
          `<div id="prerender" class="prerender" aria-hidden="true" inert data-figures="${escape(JSON.stringify(FIGURES_CALL))}" data-arrows="${escape(JSON.stringify(figuresArrows()))}">${pictures.join('')}</div>`,
          `<script type="application/json" id="first-screen-files">${files}</script>`,
          '<script src="/first-screen.js"></script>',
        ].join('\n    ');
        if (!html.includes('<div id="root"></div>')) throw new Error('prerender-sign-in: index.html has no <div id="root"></div>');
        const started = [...(entryTag ? [entryTag[0]] : []), ...preloadTags.map((tag) => tag[0])].reduce(
          (page, tag) => page.replace(tag, ''),
          html,
        );
        return started.replace('<div id="root"></div>', `${layer}\n    <div id="root"></div>`);
      },
    },
  };
}
