import type { Plugin } from 'vite';
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

type Texts = Record<string, string>;

const LANGUAGES = { en: 'en', in: 'id', th: 'th', zh: 'zh-CN' } as const;
type Language = keyof typeof LANGUAGES;

const TEXTS: Record<Language, Texts> = {
  en: { ...enCommon, ...enSession, ...enShell },
  in: { ...inCommon, ...inSession, ...inShell },
  th: { ...thCommon, ...thSession, ...thShell },
  zh: { ...zhCommon, ...zhSession, ...zhShell },
};

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The sign-in page's markup in one language, as features/session/LoginPage.tsx draws it before its
 * public settings arrive (same elements and classes, so it paints where the page will). It is a
 * picture of the page: no ids or labels for the browser to tie inputs to, nothing focusable.
 */
export function signInMarkup(language: Language): string {
  const t = (key: string) => {
    const text = TEXTS[language][key];
    if (text === undefined) throw new Error(`prerender-sign-in: no text ${key} in ${language}`);
    return escape(text);
  };
  const field = (key: string, type: string) =>
    `<div class="field"><span class="field-label">${t(key)}</span><input class="field-input" type="${type}" tabindex="-1" /></div>`;
  const switches = (Object.keys(LANGUAGES) as Language[])
    .map(
      (other) =>
        `<button type="button" tabindex="-1" lang="${LANGUAGES[other]}" class="plain-button plain-button-text" aria-pressed="${other === language}">${t(`shell.languageName.${other}`)}</button>`,
    )
    .join('');
  return [
    `<main class="login-page" lang="${LANGUAGES[language]}" data-language="${language}" hidden>`,
    `<nav class="language-switch">${switches}</nav>`,
    '<div class="login-center"><section class="login-card">',
    `<h1 class="login-title">${t('common.appName')}</h1>`,
    `<p class="muted">${t('session.subtitle')}</p>`,
    '<form>',
    field('session.username', 'text'),
    field('session.password', 'password'),
    `<button type="button" tabindex="-1" class="plain-button plain-button-primary plain-button-block">${t('session.submit')}</button>`,
    '</form>',
    `<p class="login-links"><a>${t('session.forgotPassword')}</a><a>${t('session.signUpLink')}</a></p>`,
    '</section></div></main>',
  ].join('');
}

/**
 * Paints the sign-in page before the app's code has arrived (docs/scaling.md, "Web bundle"): the
 * build writes its picture in the four languages into index.html (`#prerender`, a layer over the
 * app, inert and hidden from assistive technology), public/sign-in-picture.js (a
 * file, as the content security policy runs no inline script) shows the one of the cookie's language
 * on an address that opens on sign-in, or removes them, and the app removes it once its own first screen
 * is drawn (app/startup.ts).
 */
export function prerenderSignIn(): Plugin {
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    transformIndexHtml(html) {
      const pictures = (Object.keys(LANGUAGES) as Language[]).map(signInMarkup).join('');
      const layer = `<div id="prerender" class="prerender" aria-hidden="true" inert>${pictures}</div>\n    <script src="/sign-in-picture.js"></script>`;
      if (!html.includes('<div id="root"></div>')) throw new Error('prerender-sign-in: index.html has no <div id="root"></div>');
      return html.replace('<div id="root"></div>', `${layer}\n    <div id="root"></div>`);
    },
  };
}
