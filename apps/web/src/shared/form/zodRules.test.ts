import { describe, expect, it } from 'vitest';
import { digits15, loginBody, menuAdd, money, nameField, safeText, VALIDATION_TEXT } from '@swap/contracts';
import { z } from 'zod';
import { validateValue, zodRules, type Translate } from './zodRules';

// Translates like i18n does: the contracts' English text with {field} filled.
const t: Translate = (key, params) =>
  (VALIDATION_TEXT[key as keyof typeof VALIDATION_TEXT]?.en ?? key).replaceAll(
    '{field}',
    typeof params?.field === 'string' ? params.field : '',
  );

describe('zod → antd rules', () => {
  it('uses the schema message keys', () => {
    expect(validateValue(loginBody.shape.username, '', 'Username', t)).toBe('Please enter your username');
    expect(validateValue(loginBody.shape.username, 'a b', 'Username', t)).toBe('Username contains illegal characters');
    expect(validateValue(nameField, 'x'.repeat(21), 'Name', t)).toBe('Name must be 1 to 20 letters, digits, underscores or hyphens');
    expect(validateValue(safeText(), '<script>', 'Remark', t)).toBe('Remark: invalid input, scripts are not allowed');
    expect(validateValue(money, '1.234', 'Price', t)).toBe('Price may have at most two decimals');
    expect(validateValue(money, '-5', 'Price', t)).toBe('Price must be at least 0');
    expect(validateValue(money, undefined, 'Price', t)).toBe(t('validation.required', { field: 'Price' }));
    expect(validateValue(nameField, 'Ok name', 'Name', t)).toBeNull();
  });

  it('maps zod defaults to the nearest key', () => {
    expect(validateValue(menuAdd.shape.sort, 10000, 'Sort', t)).toBe('Sort is too large');
    expect(validateValue(menuAdd.shape.sort, -1, 'Sort', t)).toBe('Sort must be at least 0');
    expect(validateValue(z.string().max(3), 'abcd', 'Code', t)).toBe('Code is too long');
    expect(validateValue(z.number(), undefined, 'Count', t)).toBe('Count is required');
    expect(validateValue(z.email(), 'nope', 'Mail', t)).toBe('Mail must be an email address');
  });

  it('marks a field required when the schema refuses an empty value', async () => {
    const [required] = zodRules(nameField, 'Name', t, { emptyValue: '' });
    const [optional] = zodRules(safeText(100).optional(), 'Keyword', t, { emptyValue: '' });
    expect(required && 'required' in required && required.required).toBe(true);
    expect(optional && 'required' in optional && optional.required).toBe(false);
    const validator = required && 'validator' in required ? required.validator : undefined;
    await expect(validator?.({}, undefined, () => undefined)).rejects.toThrow('Name is required');
    await expect(validator?.({}, 'Fine', () => undefined)).resolves.toBeUndefined();
  });

  it('treats a cleared optional formatted field (emptyValue null) as none, not as an invalid value', async () => {
    const [rule] = zodRules(digits15.nullish(), 'IMEI', t, { emptyValue: null });
    expect(rule && 'required' in rule && rule.required).toBe(false);
    const validator = rule && 'validator' in rule ? rule.validator : undefined;
    await expect(validator?.({}, '', () => undefined)).resolves.toBeUndefined();
    await expect(validator?.({}, '12a', () => undefined)).rejects.toThrow('IMEI');
  });
});
