import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorsOf } from '../api/errors';
import { validateValue } from '../form/zodRules';

type Values<N extends string> = Record<N, unknown>;

export interface PlainFormOptions<N extends string> {
  /** The inputs' ids are `<id>-<field>`. */
  id: string;
  /** Each field's label, in the user's language: the label shown and the name in its messages. */
  labels: Record<N, string>;
  initial: Values<N>;
  /** Checks between fields (a repeated password), each answering the field's message or nothing. */
  check?: (values: Values<N>) => Partial<Record<N, string | null>>;
}

/**
 * The state of a plain form (docs/web-kits.md, "Plain forms"): its values, the contracts' rules of
 * each field (through the shared zod adapter, so a message reads as in every other form, in the
 * user's language) shown once the field was left or the form sent, and the server's refusals of
 * single fields. `parse()` answers the values the schema accepts, or null after showing every
 * problem and moving the focus to the first field wrong.
 */
export function usePlainForm<S extends z.ZodObject, N extends Extract<keyof S['shape'], string> = Extract<keyof S['shape'], string>>(
  schema: S,
  { id, labels, initial, check }: PlainFormOptions<N>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values<N>>(initial);
  const [touched, setTouched] = useState<Partial<Record<N, boolean>>>({});
  const [refused, setRefused] = useState<Partial<Record<N, string>>>({});
  const names = Object.keys(labels) as N[];
  const shape = schema.shape as Record<string, z.ZodType>;
  const inputId = (name: N) => `${id}-${name}`;

  const problemOf = (name: N, all: Values<N>): string | null => {
    const own = shape[name];
    return (own ? validateValue(own, all[name], labels[name], t) : null) ?? check?.(all)[name] ?? null;
  };
  const errorOf = (name: N): string | null => refused[name] ?? (touched[name] ? problemOf(name, values) : null);

  const set = (name: N, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefused((current) => ({ ...current, [name]: undefined }));
  };
  const leave = (name: N) => setTouched((current) => ({ ...current, [name]: true }));

  /** The values the contracts accept, or null after showing each field's problem and focusing the first. */
  const parse = (): z.output<S> | null => {
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<N, boolean>);
    const wrong = names.find((name) => problemOf(name, values) !== null);
    const parsed = schema.safeParse(values);
    if (!wrong && parsed.success) return parsed.data;
    const first = wrong ?? names.find((name) => refused[name]);
    if (first) document.getElementById(inputId(first))?.focus();
    return null;
  };

  return {
    values,
    /** Sets several values at once (a demo account picked), as not yet checked. */
    fill(next: Partial<Values<N>>) {
      setValues((current) => ({ ...current, ...next }));
      setTouched({});
      setRefused({});
    },
    /** A text field's props for PlainField, PlainTextArea or PlainSelect. */
    text(name: N) {
      return {
        id: inputId(name),
        name,
        label: labels[name],
        value: typeof values[name] === 'string' || typeof values[name] === 'number' ? String(values[name]) : '',
        error: errorOf(name),
        required: !shape[name]?.safeParse('').success,
        onChange: (event: { target: { value: string } }) => set(name, event.target.value),
        onBlur: () => leave(name),
      };
    },
    /** An image field's props for PlainImageUpload: the stored file's id. */
    image(name: N) {
      return {
        id: inputId(name),
        label: labels[name],
        value: typeof values[name] === 'number' ? values[name] : null,
        error: errorOf(name),
        onChange: (value: number | null) => set(name, value),
        onBlur: () => leave(name),
      };
    },
    parse,
    /**
     * The form's submit handler: nothing while `busy`; otherwise `send` with the values the contracts
     * accept, or the problems shown (parse) and nothing sent.
     */
    onSubmit(busy: boolean, send: (values: z.output<S>) => Promise<unknown>) {
      return (event: SyntheticEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (busy) return;
        const parsed = parse();
        if (parsed) void send(parsed);
      };
    },
    /** Shows the server's refusal of single fields at them; answers whether it named any of this form's fields. */
    refuse(failure: unknown): boolean {
      const known = Object.entries(fieldErrorsOf(failure)).filter(([name]) => names.includes(name as N));
      if (known.length === 0) return false;
      setRefused(Object.fromEntries(known) as Partial<Record<N, string>>);
      document.getElementById(inputId(known[0]![0] as N))?.focus();
      return true;
    },
  };
}
