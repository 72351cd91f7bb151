import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's source folder, for tests that read the code itself. */
export const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

export function listSourceFiles(extensions: readonly string[], dir = SRC_DIR): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSourceFiles(extensions, path));
    else if (extensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) out.push(path);
  }
  return out;
}

export function readSource(path: string): { path: string; name: string; text: string } {
  return { path, name: relative(SRC_DIR, path), text: readFileSync(path, 'utf8') };
}

/** Source text without comments, so documentation examples are not taken for code. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}
