/**
 * The web bundle's budgets and the check's decision (docs/scaling.md, "Web bundle"): KB of gzipped
 * JS loaded on opening an address. `npm run bench:bundle -- --check` (part of `npm test`) fails
 * when the entry, a signed-out address or a signed-in route loads more than its budget, naming
 * each and the largest files it loads, so whoever grew it sees why.
 */
export const BUDGET_KB = {
  /** The entry with the default language's catalogue: every address loads it. */
  entry: 150,
  /** An address a signed-out user opens (sign-in, password recovery, sign-up, error pages). */
  signedOut: 200,
  /** A page of the signed-in area (with the shell), and the lock screen. */
  signedIn: 400,
} as const;

/**
 * Signed-out addresses still over the signed-out budget, each held at its figure today so that it
 * cannot grow further (every signed-out address must load at most 200 KB). None today: sign-up,
 * the last one, is plain markup since the plain form kit (docs/web-kits.md, "Plain forms").
 */
export const NOT_YET_WITHIN: Readonly<Record<string, number>> = {};

/** A file an address loads: its size and what it is (its source in the build manifest). */
export interface LoadedFile {
  name: string;
  kb: number;
  /** Loaded by every address (the entry and what it imports). */
  entry: boolean;
}

export interface AddressFigure {
  route: string;
  signedOut: boolean;
  /** KB gzipped at load, to a tenth. */
  kb: number;
  files: LoadedFile[];
}

export interface BundleFigures {
  entry: { kb: number; files: LoadedFile[] };
  routes: AddressFigure[];
}

export const budgetOf = (route: Pick<AddressFigure, 'route' | 'signedOut'>) =>
  route.signedOut ? (NOT_YET_WITHIN[route.route] ?? BUDGET_KB.signedOut) : BUDGET_KB.signedIn;

/** How many of the largest files a failure names. */
const NAMED = 8;

const largest = (files: LoadedFile[], skipEntry: boolean) =>
  [...files]
    .filter((file) => !skipEntry || !file.entry)
    .sort((a, b) => b.kb - a.kb)
    .slice(0, NAMED)
    .map((file) => `${file.kb.toFixed(1)} ${file.name}`)
    .join(', ');

/** One message per budget exceeded (none when everything fits). */
export function overBudget(figures: BundleFigures): string[] {
  const failures: string[] = [];
  if (figures.entry.kb > BUDGET_KB.entry)
    failures.push(
      `the entry loads ${figures.entry.kb.toFixed(1)} KB, over its budget of ${BUDGET_KB.entry} KB; largest files: ${largest(figures.entry.files, false)}`,
    );
  for (const route of figures.routes) {
    const budget = budgetOf(route);
    if (route.kb <= budget) continue;
    const kind = route.signedOut ? 'signed-out address' : 'route';
    failures.push(
      `${kind} ${route.route} loads ${route.kb.toFixed(1)} KB, over its budget of ${budget} KB; largest files beside the entry's ${figures.entry.kb.toFixed(1)} KB: ${largest(route.files, true)}`,
    );
  }
  return failures;
}
