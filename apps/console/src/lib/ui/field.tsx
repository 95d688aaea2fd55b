import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type FieldProps = {
  label: string;
  /** The field's message (a refusal of the form or the server); shown under it and announced. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The control; it gets `id`, `aria-invalid` and `aria-describedby` from here. */
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
};

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error === undefined ? undefined : true,
        'aria-describedby': describedBy,
      })}
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input field: `<TextField label="Reason" error={…} {...register('reason')} />`. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}
