import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformHook } from 'vite';
import type { Rollup } from 'vite';
import {
  FIGURES_CALL,
  figuresArrows,
  figuresPictureMarkup,
  firstScreenFiles,
  numberMarks,
  pictureMarkup,
  prerenderSignIn,
  signInMarkup,
} from './prerender-sign-in';
import { formatNumber } from '../src/shared/format';

describe('the sign-in page painted before its code arrives', () => {
  it('draws the page in each language, with nothing a user or a screen reader could take for the real form', () => {
    const th = signInMarkup('th');
    expect(th).toContain('ชื่อผู้ใช้');
    expect(th).toContain('lang="th"');
    expect(th).toContain('aria-pressed="true">ไทย');
    expect(signInMarkup('zh')).toContain('用户名');
    for (const markup of [th, signInMarkup('en')]) {
      expect(markup).not.toMatch(/<label|\sid=|\sfor=|href=/);
      expect(markup).toContain(' hidden>');
    }
  });

  it('draws forgot password in each language too', () => {
    const markup = pictureMarkup('forgot-password', 'in');
    expect(markup).toContain('data-page="forgot-password"');
    expect(markup).toContain('Lupa kata sandi');
    expect(markup).not.toMatch(/<label|\sid=|\sfor=|href=/);
  });

  it("draws the dashboard's frame and figures card in each language, with empty slots and what first-screen.js fills them with", () => {
    const markup = figuresPictureMarkup('th');
    expect(markup).toContain('data-page="dashboard"');
    expect(markup).toContain('lang="th"');
    // The page's title, the card's heading and the five tiles' labels, in FiguresCard's order.
    for (const text of ['แดชบอร์ด', 'ตัวเลข', 'การสลับวันนี้', 'การแจ้งเตือนที่ยังไม่ยกเลิก']) expect(markup).toContain(text);
    expect(markup.indexOf('การสลับวันนี้')).toBeLessThan(markup.indexOf('การแจ้งเตือนที่ยังไม่ยกเลิก'));
    expect(markup.match(/data-count="/g)).toHaveLength(5);
    expect(markup.match(/data-note="/g)).toHaveLength(5);
    expect(markup.replace(/data-texts="[^"]*"/, '')).not.toMatch(/<label|\sid=|\sfor=|href=|role=|tabindex="0"/);
    expect(markup).toContain(' hidden>');
    const texts = JSON.parse(
      /data-texts="([^"]*)"/
        .exec(markup)![1]!
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
    ) as {
      marks: { group: string; decimal: string };
      up: string;
      countMs: number;
      levels: Record<string, { name: string; style: { color: string } }>;
    };
    expect(texts.marks).toEqual({ group: ',', decimal: '.' });
    expect(texts.up).toBe('มากกว่าเมื่อวานในเวลาเดียวกัน {percent}% ({count})');
    expect(texts.countMs).toBe(5000);
    // The arrows as antd's icons draw them, hidden from assistive technology.
    expect(figuresArrows().up).toMatch(/^<span role="img" aria-label="arrow-up" aria-hidden="true" class="anticon anticon-arrow-up"><svg /);
    expect(figuresArrows().down).toContain('data-icon="arrow-down"');
    expect(texts.levels.HIGH).toEqual({ name: 'สูง', style: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' } });
    expect(figuresPictureMarkup('en')).toContain('>Swaps today<');
  });

  it("writes the pictures and the first screens' files into index.html before the root, with the file that chooses them", () => {
    const { handler } = prerenderSignIn().transformIndexHtml as { handler: IndexHtmlTransformHook };
    const html = handler.call({} as never, '<body><div id="root"></div></body>', {} as never) as string;
    expect(html.match(/data-language="/g)).toHaveLength(12);
    expect(html).toContain(`data-figures="${JSON.stringify(FIGURES_CALL).replaceAll('"', '&quot;')}"`);
    expect(FIGURES_CALL).toEqual({
      url: '/api/oms/dashboard/figures',
      token: 'auth-token',
      language: 'Language',
      time: 'request-time',
      success: 1,
    });
    expect(html.indexOf('id="prerender"')).toBeLessThan(html.indexOf('id="root"'));
    expect(html).toContain('aria-hidden="true" inert');
    expect(html).toContain('<script type="application/json" id="first-screen-files">');
    expect(html).toContain('<script src="/first-screen.js"></script>');
  });

  it("leaves the entry and its imports' preloads to first-screen.js, which preloads them and starts the entry once the picture has painted", () => {
    const { handler } = prerenderSignIn().transformIndexHtml as { handler: IndexHtmlTransformHook };
    const page =
      '<head><script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-x.js">\n<link rel="stylesheet" crossorigin href="/assets/index-s.css"></head><body><div id="root"></div></body>';
    const html = handler.call({} as never, page, {} as never) as string;
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    // The stylesheet stays: the pictures need it.
    expect(html).toContain('<head><link rel="stylesheet" crossorigin href="/assets/index-s.css"></head>');
    const files = JSON.parse(/<script type="application\/json" id="first-screen-files">(.*?)<\/script>/.exec(html)![1]!) as {
      entry: string;
      'entry-files': string[];
    };
    expect(files.entry).toBe('/assets/index-abc.js');
    expect(files['entry-files']).toEqual(['/assets/index-abc.js', '/assets/react-x.js']);
  });

  it('writes the figures in first-screen.js as the app does, in each language, with the marks the build wrote', () => {
    // first-screen.js's own formatter (a plain file the browser runs before any code: no import to test it by).
    const source = readFileSync(new URL('../public/first-screen.js', import.meta.url), 'utf8');
    const declared = /\n {2}(function formatNumber\(value, marks\) \{\n[\s\S]*?\n {2}\})\n/.exec(source)![1]!;
    const written = runInNewContext(`(${declared})`) as (value: number, marks: { group: string; decimal: string }) => string;
    expect(numberMarks('in')).toEqual({ group: '.', decimal: ',' });
    for (const language of ['en', 'in', 'th', 'zh'] as const)
      for (const value of [0, 7, 999, 1000, 12_345, 1_234_567, 98_765_432_101, 27.9, 0.5, 1234.5, 350, 100.25, 3.14159, -42, -1234.5])
        expect(written(value, numberMarks(language)), `${language} ${value}`).toBe(formatNumber(value, language));
  });

  it("lists each first screen's files beside the entry's: its chunk and what it imports, not what the entry loads", () => {
    const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], more: Partial<Rollup.OutputChunk> = {}) =>
      ({ type: 'chunk', fileName, facadeModuleId, imports, dynamicImports: [], isEntry: false, ...more }) as unknown as Rollup.OutputChunk;
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', '/web/index.html', ['assets/react.js'], { isEntry: true }),
        chunk('assets/react.js', null, []),
        chunk('assets/LoginPage.js', '/web/src/features/session/LoginPage.tsx', ['assets/react.js', 'assets/field.js']),
        chunk('assets/field.js', null, []),
        chunk('assets/en.js', '/web/src/i18n/bundles/en.ts', []),
        chunk('assets/DashboardPage.js', '/web/src/features/dashboard/DashboardPage.tsx', ['assets/card.js']),
        chunk('assets/card.js', null, []),
        chunk('assets/table.js', '\0virtual:route-table/dashboard', [], { dynamicImports: ['assets/DashboardPage.js'] }),
        chunk('assets/dashboard.texts-th.js', '/web/src/features/dashboard/dashboard.texts.ts?lang=th', []),
        chunk('assets/dashboard.texts-en.js', '/web/src/features/dashboard/dashboard.texts.ts?lang=en', []),
        chunk('assets/station.texts-en.js', '/web/src/features/station/station.texts.ts?lang=en', []),
        chunk('assets/cabinet.texts-en.js', '/web/src/features/cabinet/cabinet.texts.ts?lang=en', []),
        chunk('assets/contract-en.js', '\0virtual:contract-texts/en/dashboard', []),
        chunk('assets/contract-en-cabinet.js', '\0virtual:contract-texts/en/cabinet', []),
      ].map((output) => [output.fileName, output]),
    );
    // The dashboard's texts of each language: those its route lists and its part of the contracts'.
    const texts = firstScreenFiles(bundle, '/', ['dashboard/dashboard.texts.ts', 'station/station.texts.ts']);
    expect(texts['dashboard:en']).toEqual(['/assets/dashboard.texts-en.js', '/assets/station.texts-en.js', '/assets/contract-en.js']);
    expect(texts['dashboard:th']).toEqual(['/assets/dashboard.texts-th.js']);
    const files = firstScreenFiles(bundle);
    expect(files.login).toEqual(['/assets/LoginPage.js', '/assets/field.js']);
    expect(files['catalogue:en']).toEqual(['/assets/en.js']);
    expect(files.dashboard).toEqual(['/assets/table.js', '/assets/DashboardPage.js', '/assets/card.js']);
    expect(files.shell).toEqual([]);
  });
});
