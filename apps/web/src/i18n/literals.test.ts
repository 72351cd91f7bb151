import { describe, expect, it } from 'vitest';
import { listSourceFiles, readSource } from '../test/sourceFiles';
import { findVisibleLiterals } from '../test/visibleLiterals';

describe('no user-visible literal outside the catalogues', () => {
  it('detects the literals it is meant to catch', () => {
    const sample = [
      'export const A = () => <div title="Hello">Sign in<Input placeholder={"Name"} /></div>;',
      "export const B = () => <Button aria-label={`Close ${x}`}>{'Save'}</Button>;",
      "const items = [{ key: 'a', label: 'Sign out' }];",
      "export const C = () => <p title={t('x.y')}>{t('x.z')} — {count}</p>;",
    ].join('\n');
    expect(findVisibleLiterals(sample).map((f) => f.text)).toEqual(['Hello', 'Sign in', 'Name', 'Close', 'Save', 'Sign out']);
  });

  // Parses every screen's source: seconds on a busy machine.
  it('finds none in the source', { timeout: 60_000 }, () => {
    const findings = listSourceFiles(['.tsx']).flatMap((path) => {
      const { name, text } = readSource(path);
      return findVisibleLiterals(text, name).map((f) => `${name}:${f.line} ${f.text}`);
    });
    expect(findings).toEqual([]);
  });
});
