/** One readable line of an audit entry's changes. */
export interface ChangeLine {
  field: string;
  /** Present for an edit ([before, after]); a created object has only `after`. */
  before?: string;
  after: string;
  edited: boolean;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map(show).join(', ');
  return JSON.stringify(value);
}

/**
 * The server logs `{ field: [before, after] }` for an edit and the object itself for a creation;
 * anything else is shown as it is.
 */
export function describeChanges(changes: unknown): ChangeLine[] {
  if (changes === null || changes === undefined) return [];
  if (typeof changes !== 'object' || Array.isArray(changes)) return [{ field: '', after: show(changes), edited: false }];
  const entries = Object.entries(changes as Record<string, unknown>);
  // A diff pairs every field; a created object merely may hold a two-item list.
  const isDiff = entries.length > 0 && entries.every(([, value]) => Array.isArray(value) && value.length === 2);
  return entries.map(([field, value]) =>
    isDiff && Array.isArray(value)
      ? { field, before: show(value[0]), after: show(value[1]), edited: true }
      : { field, after: show(value), edited: false },
  );
}
