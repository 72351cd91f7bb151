import type { AnswerOf, EndpointDef, InputOf } from '@swap/contracts';
import type { OptionSource, SearchOption } from '../table/types';
import { request } from './endpoints';

/** One row of an options call's answer. */
type OptionRow<E extends EndpointDef> = AnswerOf<E> extends (infer R)[] ? R : never;

/**
 * Choices read from a declared options call (docs/api.md, "Options calls"), each row made a choice by
 * `toOption`; `extra` is sent with every call (the owner whose stations are wanted). Keyed by the
 * endpoint's path, so a change to its resource refreshes the choices.
 */
export function endpointSource<E extends EndpointDef>(
  endpoint: E,
  toOption: (row: OptionRow<E>) => SearchOption,
  extra: Record<string, unknown> = {},
): OptionSource {
  return {
    key: [endpoint.path, extra],
    load: async (input, signal) => {
      const rows = (await request(endpoint, { ...extra, ...input } as InputOf<E>, { signal })) as OptionRow<E>[];
      return rows.map(toOption);
    },
  };
}

/** Several sources as one select (the stations of both types): each asked alike, their choices joined. */
export function joinedSources(sources: OptionSource[]): OptionSource {
  return {
    key: [...(sources[0]?.key ?? ['options']), ...sources.slice(1).map((source) => source.key)],
    load: async (input, signal) => (await Promise.all(sources.map((source) => source.load(input, signal)))).flat(),
  };
}

/**
 * A source with choices of its own before the server's (the platform's own stock, 0, before the
 * merchants): always offered, and answered here when asked for by id, never sent to the server.
 */
export function withFixedChoices(source: OptionSource, fixed: SearchOption[]): OptionSource {
  const isFixed = (id: number) => fixed.some((choice) => choice.value === id);
  return {
    ...source,
    key: [...source.key, 'fixed', fixed.map((choice) => choice.value)],
    load: async (input, signal) => {
      const ids = input.ids?.filter((id) => !isFixed(id));
      const found = await source.load({ ...input, ids: ids?.length ? ids : undefined }, signal);
      return [...fixed, ...found];
    },
  };
}
