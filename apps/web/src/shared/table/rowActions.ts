import type { EndpointDef } from '@swap/contracts';
import type { RowAction } from './types';

type Options<T> = Omit<Extract<RowAction<T>, { onClick: unknown }>, 'key' | 'labelKey' | 'onClick' | 'call' | 'danger' | 'successKey'>;

/** The Edit action of a row, behind the `<menu code>.edit` action code. */
export function editAction<T>(code: string, onClick: (record: T) => void, options: Options<T> = {}): RowAction<T> {
  return { key: 'edit', labelKey: 'common.edit', code: `${code}.edit`, onClick, ...options };
}

/**
 * The Remove action of a row, behind the `<menu code>.remove` action code: asks its question, then
 * calls the declared remove endpoint with the record's id (or runs `onClick`) and says "Removed".
 * It needs no more of the record than its id, so it serves any list whose records have one (the
 * record type of a `ListPage` is only known once its endpoints are read).
 */
export function removeAction<T extends { id: number }>(
  code: string,
  remove: EndpointDef | ((record: T) => Promise<unknown>),
  options: Options<T> = {},
): RowAction<NoInfer<T>> {
  const base = { key: 'remove', labelKey: 'common.remove', code: `${code}.remove`, danger: true, successKey: 'common.removed', ...options };
  return typeof remove === 'function'
    ? { ...base, onClick: remove }
    : { ...base, call: { endpoint: remove, input: (record: T) => ({ id: record.id }) } };
}
