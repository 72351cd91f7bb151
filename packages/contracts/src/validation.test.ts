import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  VALIDATION_KEYS,
  accountUsername,
  idQuery,
  VALIDATION_TEXT,
  containsScript,
  count,
  description,
  deviceNumberList,
  digits15,
  duration,
  loginPassword,
  loginUsername,
  money,
  moneyToMinor,
  minorToMoney,
  normalizeMoney,
  addMoney,
  compareMoney,
  nameField,
  newPassword,
  normalisePhone,
  normaliseSignInName,
  phoneDigits,
  phone,
  positiveInt,
  safeText,
  shortMessage,
  longMessage,
  typeCode,
  validationText,
} from './index.js';

/** The message key zod reports for a value, or null when it is accepted. */
function rejection(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('validation rules', () => {
  it('login: a phone typed with spaces, dashes or brackets is a sign-in name; other spaces are not', () => {
    expect(loginUsername.safeParse('+62 812-3456 (7890)').success).toBe(true);
    expect(phoneDigits('+62 812-3456 (7890)')).toBe('+6281234567890');
    expect(phoneDigits('merchant')).toBeUndefined();
    expect(rejection(loginUsername, 'mer chant')).toBe('validation.illegalChars');
  });

  it('login: username trimmed and required, password required, no illegal characters', () => {
    expect(loginUsername.parse('  admin  ')).toBe('admin');
    expect(rejection(loginUsername, '   ')).toBe('validation.usernameRequired');
    expect(rejection(loginPassword, '')).toBe('validation.passwordRequired');
    expect(rejection(loginUsername, 'ad min')).toBe('validation.illegalChars');
    expect(rejection(loginUsername, "admin'--")).toBe('validation.illegalChars');
    expect(rejection(loginPassword, 'pass<word')).toBe('validation.illegalChars');
  });

  it('type codes: letters and digits, 1 to 20', () => {
    expect(typeCode.parse('BAT48V20')).toBe('BAT48V20');
    expect(rejection(typeCode, '')).toBe('validation.required');
    expect(rejection(typeCode, 'A'.repeat(21))).toBe('validation.codeFormat');
    expect(rejection(typeCode, 'BAT-48')).toBe('validation.codeFormat');
    expect(typeCode.safeParse('A'.repeat(20)).success).toBe(true);
  });

  it('names: Chinese, letters, digits, underscore and minus, 1 to 20', () => {
    for (const ok of ['Cabinet_01', '换电柜-1', 'Jakarta Selatan', 'ตู้สลับ']) expect(nameField.safeParse(ok).success).toBe(true);
    expect(rejection(nameField, '')).toBe('validation.required');
    expect(rejection(nameField, 'x'.repeat(21))).toBe('validation.nameFormat');
    expect(rejection(nameField, 'name!')).toBe('validation.nameFormat');
  });

  it('descriptions: 1 to 500, not empty', () => {
    expect(rejection(description, '  ')).toBe('validation.required');
    expect(description.safeParse('d'.repeat(500)).success).toBe(true);
    expect(rejection(description, 'd'.repeat(501))).toBe('validation.tooLong');
  });

  it('notification messages: up to 100 and up to 1000', () => {
    expect(shortMessage.safeParse('m'.repeat(100)).success).toBe(true);
    expect(rejection(shortMessage, 'm'.repeat(101))).toBe('validation.tooLong');
    expect(longMessage.safeParse('m'.repeat(1000)).success).toBe(true);
    expect(rejection(longMessage, 'm'.repeat(1001))).toBe('validation.tooLong');
    expect(rejection(shortMessage, '')).toBe('validation.required');
  });

  it('phones: plus, space, hyphen and digits only; other numbers up to 15 digits', () => {
    expect(phone.safeParse('+62 812-3456-7890').success).toBe(true);
    expect(rejection(phone, '0812 3456 abc')).toBe('validation.phoneFormat');
    expect(digits15.safeParse('123456789012345').success).toBe(true);
    expect(rejection(digits15, '1234567890123456')).toBe('validation.digits15');
  });

  it('money: a decimal string, required, numeric, at least 0, at most two decimals, bounded', () => {
    for (const ok of ['0', '0.00', '15000.5', '1234.50', ' 7 ', '99999999999.99']) expect(money.safeParse(ok).success, ok).toBe(true);
    expect(rejection(money, '')).toBe('validation.required');
    expect(rejection(money, '-1')).toBe('validation.min0');
    expect(rejection(money, '-0.01')).toBe('validation.min0');
    expect(rejection(money, '0.005')).toBe('validation.twoDecimals');
    expect(rejection(money, '1.234')).toBe('validation.twoDecimals');
    expect(rejection(money, '100000000000')).toBe('validation.tooLarge');
    expect(rejection(money, '9'.repeat(400))).toBe('validation.tooLarge');
    for (const bad of ['12a', '1e5', '.5', '5.', '1,5', '+3', 'NaN', 'Infinity'])
      expect(rejection(money, bad), bad).toBe('validation.number');
    expect(rejection(money, 12)).toBe('validation.number');
    expect(rejection(money, undefined)).toBe('validation.number');
  });

  it('money is compared and added exactly, in minor units', () => {
    expect(moneyToMinor('12.5')).toBe(1250);
    expect(moneyToMinor('99999999999.99')).toBe(9_999_999_999_999);
    expect(minorToMoney(5)).toBe('0.05');
    expect(normalizeMoney('007')).toBe('7.00');
    expect(addMoney('0.1', '0.2')).toBe('0.30');
    expect(compareMoney(addMoney('0.1', '0.2'), '0.3')).toBe(0);
    expect(compareMoney('10.00', '10.01')).toBe(-1);
    expect(compareMoney('99999999999.99', '99999999999.98')).toBe(1);
  });

  it('cycle and swap counts: numeric, whole, at least 1', () => {
    expect(count.safeParse(1).success).toBe(true);
    expect(rejection(count, 0)).toBe('validation.min1');
    expect(rejection(count, 1.5)).toBe('validation.integer');
    expect(rejection(positiveInt, -3)).toBe('validation.min1');
  });

  it('durations: capped at 365 days, 12 months or 1 year', () => {
    expect(duration.safeParse({ value: 365, unit: 'DAY' }).success).toBe(true);
    expect(rejection(duration, { value: 366, unit: 'DAY' })).toBe('validation.durationCap');
    expect(duration.safeParse({ value: 12, unit: 'MONTH' }).success).toBe(true);
    expect(rejection(duration, { value: 13, unit: 'MONTH' })).toBe('validation.durationCap');
    expect(rejection(duration, { value: 2, unit: 'YEAR' })).toBe('validation.durationCap');
    expect(rejection(duration, { value: 0, unit: 'DAY' })).toBe('validation.min1');
  });

  it('device number lists: at most 1000, each at most 64 characters', () => {
    expect(deviceNumberList.safeParse(Array.from({ length: 1000 }, (_, i) => `B${i}`)).success).toBe(true);
    expect(
      rejection(
        deviceNumberList,
        Array.from({ length: 1001 }, (_, i) => `B${i}`),
      ),
    ).toBe('validation.batchMax');
    expect(rejection(deviceNumberList, [])).toBe('validation.required');
    expect(deviceNumberList.safeParse(['B'.repeat(64)]).success).toBe(true);
    expect(rejection(deviceNumberList, ['B1', 'B'.repeat(65)])).toBe('validation.tooLong');
  });

  it('new passwords: 8 to 64 characters mixing letters and digits', () => {
    expect(newPassword.safeParse('Demo-Pass-2026').success).toBe(true);
    expect(rejection(newPassword, 'short1')).toBe('validation.passwordWeak');
    expect(rejection(newPassword, 'onlyletters')).toBe('validation.passwordWeak');
    expect(rejection(newPassword, `a1${'x'.repeat(63)}`)).toBe('validation.passwordWeak');
  });

  it('account usernames: 3 to 64 letters, digits or . _ @ + -, trimmed', () => {
    expect(accountUsername.parse('  ops.lead@example.com ')).toBe('ops.lead@example.com');
    expect(accountUsername.safeParse('+62 811').success).toBe(false);
    expect(rejection(accountUsername, 'ab')).toBe('validation.usernameFormat');
    expect(rejection(accountUsername, 'x'.repeat(65))).toBe('validation.usernameFormat');
    expect(rejection(accountUsername, 'name with space')).toBe('validation.usernameFormat');
    expect(rejection(accountUsername, 'ad<min')).toBe('validation.usernameFormat');
  });

  it('sign-in names: a phone however separated is one name, any other name case-folded', () => {
    expect(normalisePhone('+62 (812) 3456-7890')).toBe('+6281234567890');
    expect(normalisePhone('0812.3456\t7890')).toBe('081234567890');
    expect(normaliseSignInName('+62 812-3456-7890')).toBe(normaliseSignInName('+6281234567890'));
    expect(normaliseSignInName('Merchant.Admin')).toBe('merchant.admin');
    // Dots and hyphens belong to a username that is not a phone.
    expect(normaliseSignInName('john.doe')).not.toBe(normaliseSignInName('johndoe'));
    expect(normaliseSignInName('---')).toBe('---');
  });

  it('ids: positive whole numbers, sent as digits', () => {
    expect(idQuery.parse({ id: '42' })).toEqual({ id: 42 });
    for (const bad of ['0', '-1', '1.5', 'abc', '']) expect(idQuery.safeParse({ id: bad }).success, bad).toBe(false);
  });

  it('script input is rejected with the invalid-input message', () => {
    for (const bad of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'x" onclick="steal()']) {
      expect(containsScript(bad)).toBe(true);
      expect(rejection(safeText(), bad)).toBe('validation.script');
    }
    for (const fine of ['a < b', 'Jl. Sudirman 52', 'price >= 10', 'online']) expect(containsScript(fine)).toBe(false);
  });

  it('every validation message has text in all four languages naming the field', () => {
    for (const key of VALIDATION_KEYS) {
      for (const lang of ['en', 'in', 'th', 'zh'] as const) expect(VALIDATION_TEXT[key][lang].length).toBeGreaterThan(0);
    }
    expect(validationText('validation.required', 'en', 'Name')).toBe('Name is required');
    expect(validationText('validation.required', 'zh', '名称')).toBe('名称不能为空');
  });
});
