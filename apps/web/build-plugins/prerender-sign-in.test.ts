import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformHook } from 'vite';
import { prerenderSignIn, signInMarkup } from './prerender-sign-in';

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

  it('writes the four pictures into index.html before the root, with the file that chooses one', () => {
    const hook = prerenderSignIn().transformIndexHtml as IndexHtmlTransformHook;
    const html = hook.call({} as never, '<body><div id="root"></div></body>', {} as never) as string;
    expect(html.match(/data-language="/g)).toHaveLength(4);
    expect(html.indexOf('id="prerender"')).toBeLessThan(html.indexOf('id="root"'));
    expect(html).toContain('aria-hidden="true" inert');
    expect(html).toContain('<script src="/sign-in-picture.js"></script>');
  });
});
