import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** What every field of the plain kit shows around its control: the label, a help line and the error. */
export interface FieldFrameProps {
  /** The control's id; the label, help and error ids derive from it. */
  id: string;
  label: string;
  /** The message under the field, announced (role="alert") and tied to the control. */
  error?: string | null;
  /** A line of help under the control, read with it (aria-describedby). */
  help?: string;
}

/** The ids the control is described by: its help and, when invalid, its error. */
export function describedBy({ id, error, help }: Pick<FieldFrameProps, 'id' | 'error' | 'help'>): string | undefined {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The frame of one field: `control` is the input, select, textarea or upload it labels. */
export function FieldFrame({
  id,
  label,
  error,
  help,
  control,
  labelFor = id,
}: FieldFrameProps & { control: ReactNode; labelFor?: string }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label id={`${id}-label`} htmlFor={labelFor} className="field-label">
        {label}
      </label>
      {control}
      {help ? (
        <div id={`${id}-help`} className="field-help">
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

const controlProps = (props: FieldFrameProps) => ({
  id: props.id,
  className: 'field-input',
  'aria-invalid': props.error ? true : undefined,
  'aria-describedby': describedBy(props),
});

type Own<T> = Omit<T, 'id' | 'className'> & FieldFrameProps;

/** A labelled text or password input whose help and error are read with it. */
export function PlainField({ id, label, error, help, ...input }: Own<InputHTMLAttributes<HTMLInputElement>>) {
  const frame = { id, label, error, help };
  return <FieldFrame {...frame} control={<input {...controlProps(frame)} {...input} />} />;
}

/** A labelled several-line text. */
export function PlainTextArea({ id, label, error, help, ...input }: Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const frame = { id, label, error, help };
  return <FieldFrame {...frame} control={<textarea {...controlProps(frame)} {...input} />} />;
}

/** A labelled choice among a few options (the browser's own select: keyboard and screen readers work as everywhere). */
export function PlainSelect({
  id,
  label,
  error,
  help,
  options,
  placeholder,
  ...select
}: Own<SelectHTMLAttributes<HTMLSelectElement>> & { options: { value: string; label: string }[]; placeholder?: string }) {
  const frame = { id, label, error, help };
  return (
    <FieldFrame
      {...frame}
      control={
        <select {...controlProps(frame)} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      }
    />
  );
}

/** The submit button of a plain form: spins and is disabled while the form is sent. */
export function PlainSubmit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

export type PlainOutcome = { kind: 'error' | 'success'; text: string } | null;

/** A form's outcome above its button: an error is announced at once, a success politely. */
export function PlainResult({ result }: { result: PlainOutcome }) {
  if (!result) return null;
  return (
    <div className={`login-result login-result-${result.kind}`} role={result.kind === 'error' ? 'alert' : 'status'}>
      {result.text}
    </div>
  );
}
