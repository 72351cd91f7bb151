import { z } from 'zod';
import type { Language } from './language.js';

/**
 * The validation rules of the product as reusable zod pieces. Every error message is an i18n key
 * (`validation.*`) that the web translates and the server maps to a localized catalogue text,
 * so a form and its route reject the same input with the same words.
 */

/** Matches markup or script input: tags, javascript: URLs and inline event handlers. */
const SCRIPT_PATTERN = /<\/?[a-z!?]|javascript\s*:|\bon[a-z]+\s*=/i;

export function containsScript(value: string): boolean {
  return SCRIPT_PATTERN.test(value);
}

/**
 * NUL and unpaired UTF-16 surrogates: PostgreSQL cannot store them (text refuses NUL, jsonb refuses
 * both) and no keyboard types them. Every text field refuses them (docs/security.md).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasIllegalText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * The path (`a.b.0`) of the first string or key holding illegal text anywhere in a parsed JSON value,
 * or undefined. Walks without recursion, so no nesting depth can overflow the stack.
 */
export function findIllegalText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasIllegalText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (hasIllegalText(key)) return at;
        stack.push([inner, at]);
      }
    }
  }
  return undefined;
}

/** The base of every text field: a string without NUL or unpaired surrogates. */
export const cleanString = () => z.string().refine((v) => !hasIllegalText(v), { message: 'validation.illegalChars' });

/** Any free text: trimmed, never a script. */
export const safeText = (max = 500) =>
  cleanString()
    .trim()
    .max(max, { message: 'validation.tooLong' })
    .refine((v) => !containsScript(v), { message: 'validation.script' });

export const requiredText = (max = 500) => safeText(max).min(1, { message: 'validation.required' });

/** Type-ID style codes: letters and digits, 1 to 20. */
export const typeCode = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(20, { message: 'validation.codeFormat' })
  .regex(/^[A-Za-z0-9]+$/, { message: 'validation.codeFormat' });

/** Name fields: Chinese characters, letters (any script), digits, underscore, minus and spaces; 1 to 20. */
export const nameField = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(20, { message: 'validation.nameFormat' })
  .regex(/^[\p{L}\p{M}\p{N}_\- ]+$/u, { message: 'validation.nameFormat' });

/** Description: not empty, 1 to 500. */
export const description = requiredText(500);

/** Phone fields: plus sign, space, hyphen and digits only. */
export const phone = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(20, { message: 'validation.phoneFormat' })
  .regex(/^[+\d][\d +-]*$/, { message: 'validation.phoneFormat' });

/** Numeric fields of up to 15 digits (IMEI, serials expressed as numbers). */
export const digits15 = cleanString()
  .trim()
  .regex(/^\d{1,15}$/, { message: 'validation.digits15' });

/** The largest value of PostgreSQL's integer, the type of every id and count column. */
export const INT32_MAX = 2_147_483_647;

/** A whole number an integer column holds, from `min` (0, 1 or -1 for "root") to `max`. */
export const int32 = (min: number, max = INT32_MAX) =>
  z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.integer' })
    .min(min, { message: min === 0 ? 'validation.min0' : min === 1 ? 'validation.min1' : 'validation.invalid' })
    .max(max, { message: 'validation.tooLarge' });

/** A row id in a body: every id column is an integer, so 1 to INT32_MAX. */
export const id = int32(1);

/**
 * Money is exact: a decimal string on the wire ("1234.50"), numeric(13, 2) in PostgreSQL, and
 * compared or added only as whole minor units (cents), never as a float (docs/api.md, "Money").
 * At most 11 digits before the point and 2 after, so every amount in minor units (up to 10^13) is
 * an exact JS integer, and so is the sum of many.
 */
export const MONEY_INTEGER_DIGITS = 11;
/** The PostgreSQL column of an amount: `numeric(MONEY_PRECISION, 2)`. */
export const MONEY_PRECISION = MONEY_INTEGER_DIGITS + 2;
const MONEY_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** The message key that refuses an amount's text, or null for a valid amount. */
export function moneyProblem(text: string): ValidationKey | null {
  const value = text.trim();
  if (value === '') return 'validation.required';
  if (value.length > 40) return 'validation.tooLarge';
  const match = MONEY_TEXT.exec(value.startsWith('-') ? value.slice(1) : value);
  if (!match) return 'validation.number';
  if (value.startsWith('-')) return 'validation.min0';
  if ((match[2]?.length ?? 0) > 2) return 'validation.twoDecimals';
  if (match[1]!.replace(/^0+/, '').length > MONEY_INTEGER_DIGITS) return 'validation.tooLarge';
  return null;
}

/** Sale price, deposit, rent and amount: required, numeric, at least 0, at most two decimals; a decimal string. */
export const money = z
  .string({ message: 'validation.number' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = moneyProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // Told after the precise reason above; it declares the shape to generated inputs (JSON Schema `pattern`).
  .regex(/^\d+(\.\d{1,2})?$/, { message: 'validation.number' });

/** A valid amount ("12.5", "0012.50") in minor units (1250): an exact integer, for comparing and adding. */
export function moneyToMinor(value: string): number {
  const [whole = '0', fraction = ''] = value.trim().replace(/^-/, '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value.trim().startsWith('-') ? -minor : minor;
}

/** Minor units (1250) as the amount's text with its two decimals ("12.50"). */
export function minorToMoney(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An amount written the one way the database answers it: "12.5" → "12.50", "007" → "7.00". */
export function normalizeMoney(value: string): string {
  return minorToMoney(moneyToMinor(value));
}

/** -1, 0 or 1 as amount a is below, equal to or above b (exact: "0.1" + "0.2" is "0.30"). */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const difference = moneyToMinor(a) - moneyToMinor(b);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

/** The exact sum of amounts, as text with two decimals. */
export function addMoney(...amounts: string[]): string {
  return minorToMoney(amounts.reduce((sum, amount) => sum + moneyToMinor(amount), 0));
}

/** Cycle count and swap count: required, numeric, at least 1. */
export const count = int32(1);

/** Times: integer greater than 0. */
export const positiveInt = count;

export const DURATION_UNITS = ['DAY', 'MONTH', 'YEAR'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
/** Duration caps: 365 days, 12 months or 1 year. */
export const DURATION_CAPS: Record<DurationUnit, number> = { DAY: 365, MONTH: 12, YEAR: 1 };

export const duration = z
  .object({ value: positiveInt, unit: z.enum(DURATION_UNITS) })
  .refine((d) => d.value <= DURATION_CAPS[d.unit], { message: 'validation.durationCap', path: ['value'] });

/** Device number batches hold up to 1000 numbers, each at most 64 characters (a longer one is no device's). */
export const DEVICE_BATCH_MAX = 1000;
export const deviceNumberList = z
  .array(cleanString().trim().min(1).max(64, { message: 'validation.tooLong' }))
  .min(1, { message: 'validation.required' })
  .max(DEVICE_BATCH_MAX, { message: 'validation.batchMax' });

/** Sign-in: username trimmed and password required, neither with illegal characters. */
const ILLEGAL_LOGIN_CHARS = /[<>"'`;\\\s]/;
/** A phone as people type it: digits with spaces, dashes, dots or brackets, maybe a leading +. */
const PHONE_AS_TYPED = /^\+?[\d\s().-]+$/;
/** The digits (and leading +) of a phone typed as a sign-in name, or undefined when it is no phone. */
export const phoneDigits = (value: string): string | undefined =>
  PHONE_AS_TYPED.test(value) && /\d/.test(value) ? value.replace(/[^\d+]/g, '') : undefined;
export const loginUsername = cleanString()
  .trim()
  .min(1, { message: 'validation.usernameRequired' })
  .max(64, { message: 'validation.tooLong' })
  .refine((v) => phoneDigits(v) !== undefined || !ILLEGAL_LOGIN_CHARS.test(v), { message: 'validation.illegalChars' });
export const loginPassword = cleanString()
  .min(1, { message: 'validation.passwordRequired' })
  .max(128, { message: 'validation.tooLong' })
  .refine((v) => !/[<>\s]/.test(v), { message: 'validation.illegalChars' });

/** A new password: 8 to 64 characters with letters and digits (OWASP length; blocks the weakest). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const newPassword = cleanString()
  .min(PASSWORD_MIN, { message: 'validation.passwordWeak' })
  .max(PASSWORD_MAX, { message: 'validation.passwordWeak' })
  .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), { message: 'validation.passwordWeak' })
  .refine((v) => !/^\s|\s$/.test(v), { message: 'validation.passwordWeak' });

/** An account's username: letters, digits, dot, underscore, minus, @ (an email) or a phone. */
export const accountUsername = cleanString()
  .trim()
  .min(3, { message: 'validation.usernameFormat' })
  .max(64, { message: 'validation.usernameFormat' })
  .regex(/^[A-Za-z0-9._@+-]+$/, { message: 'validation.usernameFormat' });

/** What sign-in ignores in a phone number: spaces (and other ASCII white space), hyphens, parentheses, dots. */
const PHONE_SEPARATORS = /[\t\n\v\f\r ().-]/g;
const PHONE_LIKE = /^[\d+\t\n\v\f\r ().-]+$/;

/** A phone number as sign-in compares it: "+62 (812) 3456-7890" is "+6281234567890". */
export function normalisePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

/**
 * The key under which a sign-in name (a username or a phone) is unique across all accounts. A name
 * of digits, plus signs and separators reads as a phone and loses its separators; any other name
 * is case-folded (ASCII, as usernames are). The database's sign_in_key() computes the same key.
 */
export function normaliseSignInName(value: string): string {
  if (PHONE_LIKE.test(value) && /\d/.test(value)) return normalisePhone(value);
  return value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Ids in a query string travel as digits; the same range as `id`. */
export const idParam = z.coerce
  .number({ message: 'validation.number' })
  .int({ message: 'validation.integer' })
  .min(1, { message: 'validation.min1' })
  .max(INT32_MAX, { message: 'validation.tooLarge' });
export const idQuery = z.object({ id: idParam });

/** Notification texts: short message up to 100, long message up to 1000. */
export const shortMessage = requiredText(100);
export const longMessage = requiredText(1000);

/** Every validation message key, so the web catalogue and the server map can be checked for completeness. */
export const VALIDATION_KEYS = [
  'validation.required',
  'validation.tooLong',
  'validation.script',
  'validation.codeFormat',
  'validation.nameFormat',
  'validation.phoneFormat',
  'validation.digits15',
  'validation.number',
  'validation.min0',
  'validation.min1',
  'validation.integer',
  'validation.tooLarge',
  'validation.twoDecimals',
  'validation.durationCap',
  'validation.batchMax',
  'validation.usernameRequired',
  'validation.passwordRequired',
  'validation.illegalChars',
  'validation.passwordWeak',
  'validation.usernameFormat',
  'validation.email',
  'validation.url',
  'validation.invalid',
  'validation.polygon',
  'validation.polygonSize',
  'validation.coordinate',
  'validation.anyBikeLeaseOnly',
  'validation.belowMinimum',
  'validation.endBeforeStart',
  'validation.max365Days',
  'validation.above0',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Text of each validation message; `{field}` is the field's localized label. */
export const VALIDATION_TEXT: Record<ValidationKey, Record<Language, string>> = {
  'validation.polygon': {
    en: '{field} must be a closed outline of at least three points whose edges do not cross',
    in: '{field} harus berupa batas tertutup dari minimal tiga titik yang sisinya tidak saling berpotongan',
    th: '{field}ต้องเป็นเส้นขอบปิดอย่างน้อยสามจุดที่ขอบไม่ตัดกัน',
    zh: '{field}须为至少三个点的闭合轮廓，且边不相交',
  },
  'validation.polygonSize': {
    en: '{field} may have at most 500 points and span at most 20 degrees',
    in: '{field} maksimal 500 titik dan rentang maksimal 20 derajat',
    th: '{field}มีได้ไม่เกิน 500 จุดและกว้างไม่เกิน 20 องศา',
    zh: '{field}最多 500 个点，跨度不超过 20 度',
  },
  'validation.coordinate': {
    en: '{field} must be a number: latitude from -90 to 90, longitude from -180 to 180',
    in: '{field} harus berupa angka: lintang -90 sampai 90, bujur -180 sampai 180',
    th: '{field}ต้องเป็นตัวเลข: ละติจูด -90 ถึง 90 ลองจิจูด -180 ถึง 180',
    zh: '{field}须为数字：纬度 -90 到 90，经度 -180 到 180',
  },
  'validation.required': { en: '{field} is required', in: '{field} wajib diisi', th: 'กรุณากรอก{field}', zh: '{field}不能为空' },
  'validation.tooLong': { en: '{field} is too long', in: '{field} terlalu panjang', th: '{field}ยาวเกินไป', zh: '{field}过长' },
  'validation.script': {
    en: '{field}: invalid input, scripts are not allowed',
    in: '{field}: masukan tidak valid, skrip tidak diizinkan',
    th: '{field}: ข้อมูลไม่ถูกต้อง ไม่อนุญาตให้ใช้สคริปต์',
    zh: '{field}：输入无效，不允许包含脚本',
  },
  'validation.codeFormat': {
    en: '{field} must be 1 to 20 letters or digits',
    in: '{field} harus 1 sampai 20 huruf atau angka',
    th: '{field}ต้องเป็นตัวอักษรหรือตัวเลข 1 ถึง 20 ตัว',
    zh: '{field}须为 1 到 20 位字母或数字',
  },
  'validation.nameFormat': {
    en: '{field} must be 1 to 20 letters, digits, underscores or hyphens',
    in: '{field} harus 1 sampai 20 huruf, angka, garis bawah atau tanda hubung',
    th: '{field}ต้องเป็นตัวอักษร ตัวเลข ขีดล่าง หรือขีดกลาง 1 ถึง 20 ตัว',
    zh: '{field}须为 1 到 20 位汉字、字母、数字、下划线或减号',
  },
  'validation.phoneFormat': {
    en: '{field} may contain only digits, +, spaces and hyphens',
    in: '{field} hanya boleh berisi angka, +, spasi dan tanda hubung',
    th: '{field}ต้องมีเฉพาะตัวเลข + ช่องว่าง และขีดกลาง',
    zh: '{field}只能包含数字、加号、空格和连字符',
  },
  'validation.digits15': {
    en: '{field} must be at most 15 digits',
    in: '{field} maksimal 15 digit',
    th: '{field}ต้องเป็นตัวเลขไม่เกิน 15 หลัก',
    zh: '{field}最多 15 位数字',
  },
  'validation.number': {
    en: '{field} must be a number',
    in: '{field} harus berupa angka',
    th: '{field}ต้องเป็นตัวเลข',
    zh: '{field}必须是数字',
  },
  'validation.min0': { en: '{field} must be at least 0', in: '{field} minimal 0', th: '{field}ต้องไม่น้อยกว่า 0', zh: '{field}不能小于 0' },
  'validation.min1': { en: '{field} must be at least 1', in: '{field} minimal 1', th: '{field}ต้องไม่น้อยกว่า 1', zh: '{field}不能小于 1' },
  'validation.integer': {
    en: '{field} must be a whole number',
    in: '{field} harus bilangan bulat',
    th: '{field}ต้องเป็นจำนวนเต็ม',
    zh: '{field}必须是整数',
  },
  'validation.tooLarge': { en: '{field} is too large', in: '{field} terlalu besar', th: '{field}มีค่ามากเกินไป', zh: '{field}过大' },
  'validation.twoDecimals': {
    en: '{field} may have at most two decimals',
    in: '{field} maksimal dua angka desimal',
    th: '{field}มีทศนิยมได้ไม่เกินสองตำแหน่ง',
    zh: '{field}最多两位小数',
  },
  'validation.endBeforeStart': {
    en: '{field} must be after the start',
    in: '{field} harus setelah waktu mulai',
    th: '{field}ต้องอยู่หลังเวลาเริ่ม',
    zh: '{field}必须晚于开始时间',
  },
  'validation.durationCap': {
    en: '{field} cannot exceed 365 days, 12 months or 1 year',
    in: '{field} tidak boleh melebihi 365 hari, 12 bulan atau 1 tahun',
    th: '{field}ต้องไม่เกิน 365 วัน 12 เดือน หรือ 1 ปี',
    zh: '{field}不能超过 365 天、12 个月或 1 年',
  },
  'validation.batchMax': {
    en: '{field} may hold at most 1000 numbers',
    in: '{field} maksimal 1000 nomor',
    th: '{field}มีได้ไม่เกิน 1000 หมายเลข',
    zh: '{field}最多 1000 个编号',
  },
  'validation.usernameRequired': {
    en: 'Please enter your username',
    in: 'Silakan masukkan nama pengguna',
    th: 'กรุณากรอกชื่อผู้ใช้',
    zh: '请输入用户名',
  },
  'validation.passwordRequired': {
    en: 'Please enter your password',
    in: 'Silakan masukkan kata sandi',
    th: 'กรุณากรอกรหัสผ่าน',
    zh: '请输入密码',
  },
  'validation.illegalChars': {
    en: '{field} contains illegal characters',
    in: '{field} berisi karakter tidak sah',
    th: '{field}มีอักขระที่ไม่อนุญาต',
    zh: '{field}包含非法字符',
  },
  'validation.passwordWeak': {
    en: '{field} must be 8 to 64 characters and mix letters and digits',
    in: '{field} harus 8 sampai 64 karakter dan berisi huruf serta angka',
    th: '{field}ต้องมี 8 ถึง 64 ตัวอักษร และมีทั้งตัวอักษรและตัวเลข',
    zh: '{field}须为 8 到 64 位，并同时包含字母和数字',
  },
  'validation.usernameFormat': {
    en: '{field} must be 3 to 64 letters, digits or . _ @ + -',
    in: '{field} harus 3 sampai 64 huruf, angka atau . _ @ + -',
    th: '{field}ต้องเป็นตัวอักษร ตัวเลข หรือ . _ @ + - จำนวน 3 ถึง 64 ตัว',
    zh: '{field}须为 3 到 64 位字母、数字或 . _ @ + -',
  },
  'validation.email': {
    en: '{field} must be an email address',
    in: '{field} harus alamat email',
    th: '{field}ต้องเป็นที่อยู่อีเมล',
    zh: '{field}必须是邮箱地址',
  },
  'validation.url': {
    en: '{field} must be a path or URL',
    in: '{field} harus berupa path atau URL',
    th: '{field}ต้องเป็นพาธหรือ URL',
    zh: '{field}必须是路径或网址',
  },
  'validation.max365Days': {
    en: '{field} cannot exceed 365 days',
    in: '{field} tidak boleh melebihi 365 hari',
    th: '{field}ต้องไม่เกิน 365 วัน',
    zh: '{field}不能超过 365 天',
  },
  'validation.above0': {
    en: '{field} must be more than 0',
    in: '{field} harus lebih dari 0',
    th: '{field}ต้องมากกว่า 0',
    zh: '{field}必须大于 0',
  },
  'validation.anyBikeLeaseOnly': {
    en: 'Any Bike is allowed only with operation type LEASE',
    in: 'Semua Motor hanya boleh dengan jenis operasi LEASE',
    th: 'ตัวเลือกรถทุกคันใช้ได้กับประเภทการดำเนินงาน LEASE เท่านั้น',
    zh: '任意车型仅可用于运营类型 LEASE',
  },
  'validation.belowMinimum': {
    en: '{field} must not be below the stated minimum',
    in: '{field} tidak boleh di bawah minimum yang ditetapkan',
    th: '{field}ต้องไม่ต่ำกว่าขั้นต่ำที่กำหนด',
    zh: '{field}不能低于规定的最低值',
  },
  'validation.invalid': { en: '{field} is invalid', in: '{field} tidak valid', th: '{field}ไม่ถูกต้อง', zh: '{field}无效' },
};

export function validationText(key: string, lang: Language, field: string): string {
  const entry = VALIDATION_TEXT[key as ValidationKey] ?? VALIDATION_TEXT['validation.invalid'];
  return entry[lang].replaceAll('{field}', field);
}
