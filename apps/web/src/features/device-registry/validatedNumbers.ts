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
