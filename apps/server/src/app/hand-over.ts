/**
 * One module's answers handed to another that may not import it (docs/architecture.md, "No two
 * modules import each other"): the receiving module declares the hand-over, the module registry
 * (modules/index.ts) calls `tell` once at start-up, and the receiving module reads it with `get`,
 * which throws when the registry has not told it yet.
 */
export interface HandOver<T> {
  tell: (given: T) => void;
  get: () => T;
}

/** `what` names the answers and who gives them, for the error when they are read before start-up told them. */
export function handOver<T>(what: string): HandOver<T> {
  let held: T | undefined;
  return {
    tell: (given) => {
      held = given;
    },
    get: () => {
      if (held === undefined) throw new Error(`${what}: not handed over yet (modules/index.ts)`);
      return held;
    },
  };
}
