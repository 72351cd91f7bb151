import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { parsePastedNumbers, tooManyNumbers } from './numbers';

/**
 * A form's values with the device numbers pasted into its `numbers` field, or null when a field is
 * refused: the field's rules, or more numbers than one call takes — said under the field in the
 * user's language before anything is sent.
 */
export async function validatedNumbers<V extends { numbers?: string }>(
  form: FormInstance<V>,
  t: TFunction,
  numbersLabel: string,
): Promise<{ values: V; numbers: string[] } | null> {
  let values: V;
  try {
    values = await form.validateFields();
  } catch {
    return null;
  }
  const numbers = parsePastedNumbers(values.numbers ?? '');
  if (tooManyNumbers(numbers)) {
    form.setFields([{ name: 'numbers' as never, errors: [t('validation.batchMax', { field: numbersLabel })] }]);
    return null;
  }
  return { values, numbers };
}

/** The server names the numbers at fault (`data.numbers`, `data.missing`); show them after its message. */
export function withNumbers(message: string, data: unknown): string {
  const named = typeof data === 'object' && data !== null ? (data as { numbers?: unknown; missing?: unknown }) : {};
  const numbers = Array.isArray(named.numbers) ? named.numbers : Array.isArray(named.missing) ? named.missing : [];
  if (numbers.length === 0) return message;
  return `${message}: ${numbers.filter((n): n is string => typeof n === 'string').join(', ')}`;
}
