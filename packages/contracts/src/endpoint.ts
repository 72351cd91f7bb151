import { z } from 'zod';
import { AUTH_BASE, OMS_BASE, PAY_BASE, pageSchema } from './envelope.js';
import { idQuery } from './validation.js';

/**
 * One declaration per endpoint: method, path, who may call it, what it takes and what it answers.
 * The server registers its handler from it, the web calls it through a typed client, the API tests
 * call it through a typed caller, and the OpenAPI document and docs/api.md's route tables are made
 * from it. See docs/adding-a-resource.md.
 */

/**
 * Who may call an endpoint: a permission code ('' = any signed-in account), narrowed by `scope`
 * to platform staff or to SUPER; or 'public' (no sign-in: sign-in itself, the login page's config, a
 * payment gateway's signed callback).
 */
export interface Access {
  code: string;
  /**
   * Other permission codes, any one of which lets the caller in as well: one call serving the
   * screens of several menus (the cities every price screen offers).
   */
  orCodes?: readonly string[];
  scope?: 'any' | 'platform' | 'super';
}

/** The permission codes any one of which opens an endpoint ([] = any signed-in account). */
export function accessCodes(access: Access): string[] {
  return access.code ? [access.code, ...(access.orCodes ?? [])] : [];
}

/**
 * What a successful call answers: a JSON value (a zod schema, wrapped in the envelope), or a
 * file the server streams itself (a CSV export, a stored file, a live event stream).
 */
export type AnswerKind = z.ZodType | 'csv' | 'file' | 'stream';

export interface EndpointDef {
  method: 'GET' | 'POST';
  /** Path under the base, e.g. `/admin/merchant/search`. */
  path: string;
  /** `oms` (/api/oms, the back-office) unless stated; `auth` (/api/auth) for the session calls; `pay` (/api/pay) for payment gateways. */
  base?: 'oms' | 'auth' | 'pay';
  access: Access | 'public';
  /** Query string (GET) or body (POST) schema; an endpoint takes at most one of them. */
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart upload (the body is a file plus text fields, checked by the handler). */
  multipart?: true;
  answer: AnswerKind;
  /**
   * A list's search and export: the record fields its `sort` may name, in the declared order. The
   * server orders by these and no other (docs/api.md, "Declaring a list") and refuses a sort by any
   * other column, as it refuses any field, filter or query parameter the input schema does not
   * name (docs/api.md, "Strict input").
   */
  sortable?: readonly string[];
  summary?: string;
}

/** Declares an endpoint; the literal types are kept so clients infer inputs and answers. */
export function endpoint<const D extends EndpointDef>(def: D): D {
  if (def.query && def.body) throw new Error(`${def.method} ${def.path}: declare a query or a body, not both`);
  return def;
}

/** The full URL path of an endpoint, base included. */
export function endpointUrl(def: Pick<EndpointDef, 'path' | 'base'>): string {
  return `${def.base === 'auth' ? AUTH_BASE : def.base === 'pay' ? PAY_BASE : OMS_BASE}${def.path}`;
}

/**
 * The resource an endpoint belongs to: its path without the last segment (`/admin/merchant`).
 * A change through any endpoint of a resource makes the cached answers of all of them stale.
 */
export function resourceOf(def: Pick<EndpointDef, 'path'>): string {
  return def.path.slice(0, def.path.lastIndexOf('/')) || def.path;
}

/** What the caller sends: the body's or the query's input type, or nothing. */
export type InputOf<E extends EndpointDef> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : E['query'] extends z.ZodType
    ? z.input<E['query']>
    : void;

/** What the server's handler receives after validation (defaults applied). */
export type ParsedInputOf<E extends EndpointDef> = E['body'] extends z.ZodType
  ? z.output<E['body']>
  : E['query'] extends z.ZodType
    ? z.output<E['query']>
    : undefined;

/**
 * The columns a list may be sorted by, as declared (of a union of lists: those of any of them;
 * any name for an endpoint whose type is not known).
 */
export type SortColumnOf<E extends EndpointDef> = E extends EndpointDef
  ? string extends E['path']
    ? string
    : E['sortable'] extends readonly (infer C extends string)[]
      ? C
      : never
  : never;

/**
 * The filters a list takes: its input's fields other than paging and sort (of a union of lists:
 * those of any of them; any name for an endpoint whose type is not known).
 */
export type FilterOf<E extends EndpointDef> = E extends EndpointDef
  ? string extends E['path']
    ? string
    : Exclude<Extract<keyof NonNullable<InputOf<E>>, string>, 'current' | 'size' | 'sort'>
  : never;

/** The envelope's data of a successful JSON call. */
export type AnswerOf<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;

/** What a handler returns before serialisation (Dates allowed where the answer says ISO string). */
export type HandlerAnswerOf<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.input<E['answer']> : never;

/** A group of endpoints, usually one resource's, by name. */
export type EndpointGroup = Readonly<Record<string, EndpointDef>>;

/** Every endpoint of every group, each once. */
export function endpointsOf(groups: Readonly<Record<string, EndpointGroup>>): EndpointDef[] {
  return Object.values(groups).flatMap((group) => Object.values(group));
}

/** The answer of an endpoint that only confirms (remove, status changes). */
export const noAnswer = z.null();

/**
 * The five endpoints of a plain resource list, as most back-office resources have them: under one
 * path, `search`, `add`, `edit`, `remove` (`?id=`) and `export` (CSV of the search); under one menu
 * code, the code itself to search and `<code>.add|edit|remove|export` for the rest
 * (docs/adding-a-resource.md). A resource with other calls declares those beside these.
 */
export function resourceEndpoints<
  const Rec extends z.ZodType,
  const Search extends z.ZodType,
  const Add extends z.ZodType,
  const Edit extends z.ZodType,
  const Sortable extends readonly string[],
>(def: {
  path: string;
  code: string;
  record: Rec;
  search: Search;
  add: Add;
  edit: Edit;
  sortable: Sortable;
  /** Who may add, edit and remove besides holding the action's code: `platform` for the platform's own data. */
  writeScope?: 'platform';
}) {
  const { path, code } = def;
  const write = (action: string) => ({ code: `${code}.${action}`, ...(def.writeScope ? { scope: def.writeScope } : {}) });
  return {
    search: endpoint({
      method: 'POST',
      path: `${path}/search`,
      access: { code },
      body: def.search,
      sortable: def.sortable,
      answer: pageSchema(def.record),
    }),
    add: endpoint({ method: 'POST', path: `${path}/add`, access: write('add'), body: def.add, answer: def.record }),
    edit: endpoint({ method: 'POST', path: `${path}/edit`, access: write('edit'), body: def.edit, answer: def.record }),
    remove: endpoint({ method: 'GET', path: `${path}/remove`, access: write('remove'), query: idQuery, answer: noAnswer }),
    export: endpoint({
      method: 'POST',
      path: `${path}/export`,
      access: { code: `${code}.export` },
      body: def.search,
      sortable: def.sortable,
      answer: 'csv',
    }),
  } as const;
}
