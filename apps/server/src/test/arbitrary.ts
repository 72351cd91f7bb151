import fc from 'fast-check';
import { z } from 'zod';
import { INT32_MAX } from '@swap/contracts';

/**
 * fast-check values for the contracts' schemas, read from their JSON Schema (zod's own export):
 * plausible values that follow each field's type, bounds and pattern (refinements aside), and
 * hostile ones: numbers past every column, NUL and unpaired surrogates, very long text, odd JSON
 * types, deep nesting and prototype keys. The input property tests feed them to the schemas and
 * to the API.
 */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The alternatives of a union at the root (a discriminated union), else the schema itself. */
export function branchesOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [schema];
}

/** Characters PostgreSQL cannot store, alone or as a reversed surrogate pair. */
export const ILLEGAL_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'] as const;
/** Integers past an integer column, unsafe integers, and numbers that are not whole. */
export const HOSTILE_NUMBERS = [INT32_MAX + 1, -INT32_MAX - 2, 2 ** 53, -(2 ** 53), 2 ** 63, 1e308, -1e308, 0.5, 1.5, -1, 0] as const;
/** What a query string or a careless client sends for a number. */
const NUMBER_TEXTS = ['2147483648', '-2147483649', '9223372036854775808', '1e999', 'NaN', 'Infinity', '-1', '1.5', '', ' 1 ', '0x7fffffff'];

/** A text with NUL or an unpaired surrogate somewhere in it. */
export const illegalString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...ILLEGAL_CHARS), fc.string({ maxLength: 8 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: illegalString, weight: 4 },
  { arbitrary: fc.constantFrom(...NUMBER_TEXTS), weight: 2 },
  { arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.constantFrom('<script>alert(1)</script>', "'; drop table account; --", '%00', '\\u0000', '\u202e'), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.double(), weight: 1 },
);

/** An object whose own keys are prototype names or illegal text. */
const hostileKeys: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000b', '\ud800'), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) => Object.fromEntries([[key, value]]));

const deepNesting: fc.Arbitrary<unknown> = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }), weight: 2 },
  { arbitrary: hostileKeys, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

function lengthOk(value: string, schema: JsonSchema): boolean {
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

/** Pattern arbitraries by pattern and length: building one from a Unicode class takes long. */
const MATCHING = new Map<string, fc.Arbitrary<string>>();

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.const !== undefined) return fc.constant(schema.const as string);
  const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true });
  switch (schema.format) {
    case 'date-time':
      return instant.map((d) => d.toISOString());
    case 'date':
      return instant.map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.constant('https://example.com/firmware.bin');
    case 'email':
      return fc.emailAddress();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  if (schema.pattern) {
    const key = `${schema.pattern}:${minLength}:${schema.maxLength}`;
    let matching = MATCHING.get(key);
    if (!matching) {
      try {
        matching = fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'small' }).filter((v) => lengthOk(v, schema));
      } catch {
        // A pattern fast-check cannot generate from: plain text, mostly refused, still exercises the route.
        matching = fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
      }
      MATCHING.set(key, matching);
    }
    return matching;
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function plausibleNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (schema.const !== undefined) return fc.constant(schema.const as number);
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 0.01 : -1_000);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 0.01 : 1_000_000);
  if (integer) {
    const min = Math.ceil(Math.max(low, -INT32_MAX - 1));
    const max = Math.floor(Math.min(high, INT32_MAX));
    const any = fc.integer({ min, max });
    // Ids: mostly small ones, which name rows a test database holds.
    return max > 1_000
      ? fc.oneof({ arbitrary: fc.integer({ min, max: Math.max(min, 20) }), weight: 3 }, { arbitrary: any, weight: 1 })
      : any;
  }
  // Two decimals: what every measured value accepts.
  return fc.integer({ min: Math.ceil(low * 100), max: Math.floor(high * 100) }).map((cents) => cents / 100);
}

/**
 * Values of a schema's shape. With `hostility` > 0, each field is replaced by a hostile value with
 * that odds (1 in n) and objects sometimes carry prototype or illegal keys.
 */
export function valuesOf(schema: JsonSchema, hostility = 0): fc.Arbitrary<unknown> {
  const plausible = plausibleOf(schema, hostility);
  if (hostility <= 0) return plausible;
  return fc.oneof({ arbitrary: plausible, weight: hostility }, { arbitrary: hostileValue, weight: 1 });
}

function plausibleOf(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown> {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((branch) => valuesOf(branch, hostility)));
  if (schema.enum || schema.const !== undefined) {
    const values = schema.enum ?? [schema.const];
    return fc.constantFrom(...values);
  }
  switch (schema.type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
      return plausibleNumber(schema, true);
    case 'number':
      return plausibleNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(valuesOf(schema.items ?? {}, hostility), { minLength, maxLength });
    }
    case 'object': {
      const model = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, valuesOf(inner, hostility)]));
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
      if (hostility <= 0) return record;
      return fc.oneof(
        { arbitrary: record, weight: hostility },
        { arbitrary: fc.tuple(record, hostileKeys).map(([value, extra]) => ({ ...value, ...extra })), weight: 1 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A leaf of a schema: a string or number field, where it sits (array items at index 0). */
export interface Leaf {
  path: (string | number)[];
  kind: 'string' | 'integer' | 'number';
  schema: JsonSchema;
}

export function leavesOf(schema: JsonSchema, path: (string | number)[] = []): Leaf[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    // Nullable and "or empty" fields: the leaf is the same place whichever alternative it takes.
    const seen = new Set<string>();
    return union
      .flatMap((branch) => leavesOf(branch, path))
      .filter((leaf) => {
        const key = `${leaf.path.join('.')}:${leaf.kind}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }
  switch (schema.type) {
    case 'string':
    case 'integer':
    case 'number':
      return [{ path, kind: schema.type, schema }];
    case 'array':
      return schema.items ? leavesOf(schema.items, [...path, 0]) : [];
    case 'object':
      return Object.entries(schema.properties ?? {}).flatMap(([key, inner]) => leavesOf(inner, [...path, key]));
    default:
      return [];
  }
}

/** A copy of `value` with `replacement` at `path`, creating the objects and arrays on the way. */
export function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, replacement);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  object[head] = withValueAt(object[head], rest, replacement);
  return object;
}
