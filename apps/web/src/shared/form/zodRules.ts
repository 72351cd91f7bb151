import { useCallback } from 'react';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '@swap/contracts';
import type { z } from 'zod';

/**
 * The one adapter from the contracts' zod schemas to antd Form rules. Schemas carry message
 * keys (`validation.*`); zod's own defaults (a bare `.max(40)`) are mapped to the nearest key.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

type Issue = z.core.$ZodIssue;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The `validation.*` key of an issue. */
export function issueKey(issue: Issue, value: unknown): ValidationKey {
  if (issue.message.startsWith('validation.')) {
    if (issue.code === 'invalid_type' && isEmpty(value)) return 'validation.required';
    return issue.message as ValidationKey;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return 'validation.required';
      return issue.expected === 'number' || issue.expected === 'int' ? 'validation.number' : 'validation.invalid';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : issue.origin === 'array' ? 'validation.batchMax' : 'validation.tooLarge';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array') return 'validation.required';
      return Number(issue.minimum) >= 1 ? 'validation.min1' : 'validation.min0';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : issue.format === 'url' ? 'validation.url' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

/** The translated message of the first problem of `value`, or null when the schema accepts it. */
export function validateValue(schema: z.ZodType, value: unknown, label: string, t: Translate): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? t(issueKey(issue, value), { field: label }) : t('validation.invalid', { field: label });
}

export interface ZodRuleOptions {
  /** What an untouched field is validated as: '' for text inputs (null for optional formatted ones), undefined otherwise. */
  emptyValue?: unknown;
}

/** antd rules for one field; `required` (the asterisk) follows whether the schema accepts an empty value. */
export function zodRules(schema: z.ZodType, label: string, t: Translate, options: ZodRuleOptions = {}): Rule[] {
  // An emptyValue of null marks an optional formatted text: a cleared input means "none" too.
  const normalize = (value: unknown) =>
    value === undefined || value === null || (value === '' && options.emptyValue === null) ? options.emptyValue : value;
  const required = !schema.safeParse(options.emptyValue).success;
  return [
    {
      required,
      validator: (_rule, value: unknown) => {
        const message = validateValue(schema, normalize(value), label, t);
        return message ? Promise.reject(new Error(message)) : Promise.resolve();
      },
    },
  ];
}

/** The field schema of an object schema, if the field is declared there. */
export function fieldSchema(schema: z.ZodObject, name: string): z.ZodType | undefined {
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  return shape[name];
}

/** `rules(schema.shape.name, t('x.name'))` inside a component, re-translated when the language changes. */
export function useZodRules(): (schema: z.ZodType, label: string, options?: ZodRuleOptions) => Rule[] {
  const { t } = useTranslation();
  return useCallback((schema: z.ZodType, label: string, options?: ZodRuleOptions) => zodRules(schema, label, t, options), [t]);
}

/** Form-level errors of a whole-object parse, by top-level field name, translated. */
export function issuesByField(
  error: z.ZodError,
  values: Record<string, unknown>,
  labelOf: (name: string) => string,
  t: Translate,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || out[name]) continue;
    out[name] = t(issueKey(issue, values[name]), { field: labelOf(name) });
  }
  return out;
}
