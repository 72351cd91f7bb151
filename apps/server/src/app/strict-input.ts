import type { FastifyRequest } from 'fastify';
import { messageText, type EndpointDef, type MessageKey } from '@swap/contracts';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

/**
 * Strict input (docs/api.md, "Strict input"): a body field, filter or query parameter the
 * endpoint's schema does not name, and a sort by a column the list does not declare, are refused
 * by name instead of being dropped, so a misspelt filter never answers an unfiltered list.
 */

/** The parts of a zod schema's definition the walk reads (zod 4 keeps them under `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  valueType?: unknown;
  items?: unknown[];
  rest?: unknown;
  getter?: () => unknown;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Wrappers that leave the shape of the value as it is. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** Paths common to every list (an unknown name is unknown to every option of a union). */
function common(lists: string[][]): string[] {
  const [first, ...rest] = lists;
  return (first ?? []).filter((path) => rest.every((list) => list.includes(path)));
}

/**
 * The paths (`a.b.0.c`) of `value` that `schema` does not name. Objects that take any key
 * (records, catch-alls, `unknown`) and values of the wrong type are left to the schema itself.
 */
export function unknownPaths(schema: unknown, value: unknown, prefix = '', depth = 0): string[] {
  const def = defOf(schema);
  if (!def || depth > 16) return [];
  if (WRAPPERS.has(def.type)) return unknownPaths(def.innerType, value, prefix, depth + 1);
  const at = (key: string | number) => (prefix ? `${prefix}.${key}` : String(key));
  switch (def.type) {
    case 'object': {
      if (!isRecord(value) || !def.shape) return [];
      const open = def.catchall !== undefined && defOf(def.catchall)?.type !== 'never';
      return Object.keys(value).flatMap((key) =>
        Object.hasOwn(def.shape!, key)
          ? unknownPaths(def.shape![key], value[key], at(key), depth + 1)
          : open
            ? unknownPaths(def.catchall, value[key], at(key), depth + 1)
            : [at(key)],
      );
    }
    case 'pipe':
      // A preprocess step takes anything: the schema after it says what is known.
      return unknownPaths(defOf(def.in)?.type === 'transform' ? def.out : def.in, value, prefix, depth + 1);
    case 'lazy':
      return unknownPaths(def.getter?.(), value, prefix, depth + 1);
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => unknownPaths(def.element, item, at(i), depth + 1)) : [];
    case 'tuple':
      return Array.isArray(value) ? value.flatMap((item, i) => unknownPaths(def.items?.[i] ?? def.rest, item, at(i), depth + 1)) : [];
    case 'record':
      return isRecord(value) ? Object.keys(value).flatMap((key) => unknownPaths(def.valueType, value[key], at(key), depth + 1)) : [];
    case 'union':
      return common((def.options ?? []).map((option) => unknownPaths(option, value, prefix, depth + 1)));
    case 'intersection':
      return common([unknownPaths(def.left, value, prefix, depth + 1), unknownPaths(def.right, value, prefix, depth + 1)]);
    default:
      return [];
  }
}

/** What an endpoint without an input schema takes: nothing. */
const EMPTY = { _zod: { def: { type: 'object', shape: {} } } };

/**
 * A refusal naming each offending name in the caller's language, with the fields as validation
 * errors list them (`data.fields`); `at` is where the name was sent when that is not the name itself.
 */
function refusal(req: FastifyRequest, key: MessageKey, names: string[], at?: string): AppError {
  const lang = requestLanguage(req);
  const fields = names.map((name) => ({ field: at ?? name, message: messageText(key, lang, { field: name }) }));
  return new AppError(key, { field: names[0]! }, { fields });
}

/**
 * Checks a request against its declaration before the schema strips or refuses anything: the
 * query string's parameters and a list's top-level fields are filters, anything else unknown is a
 * field; a list's sort column must be one it declares.
 */
export function checkStrictInput(def: EndpointDef, req: FastifyRequest): void {
  const query = unknownPaths(def.query ?? EMPTY, req.query);
  if (query.length) throw refusal(req, 'unknownFilter', query);
  if (def.method !== 'POST' || def.multipart) return;
  const body = unknownPaths(def.body ?? EMPTY, req.body);
  if (body.length) {
    const list = def.sortable !== undefined;
    const filters = body.filter((path) => list && !path.includes('.'));
    throw filters.length ? refusal(req, 'unknownFilter', filters) : refusal(req, 'unknownField', body);
  }
  const sort = isRecord(req.body) ? req.body.sort : undefined;
  const field = isRecord(sort) ? sort.field : undefined;
  if (typeof field === 'string' && field !== '' && !(def.sortable ?? []).includes(field)) {
    throw refusal(req, 'unsortableColumn', [field], 'sort.field');
  }
}
