import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformHook } from 'vite';
import type { Rollup } from 'vite';
import { firstScreenFiles, pictureMarkup, prerenderSignIn, signInMarkup } from './prerender-sign-in';

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

  it("writes the pictures and the first screens' files into index.html before the root, with the file that chooses them", () => {
    const { handler } = prerenderSignIn().transformIndexHtml as { handler: IndexHtmlTransformHook };
    const html = handler.call({} as never, '<body><div id="root"></div></body>', {} as never) as string;
    expect(html.match(/data-language="/g)).toHaveLength(8);
    expect(html.indexOf('id="prerender"')).toBeLessThan(html.indexOf('id="root"'));
    expect(html).toContain('aria-hidden="true" inert');
    expect(html).toContain('<script type="application/json" id="first-screen-files">');
    expect(html).toContain('<script src="/first-screen.js"></script>');
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
