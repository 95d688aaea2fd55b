import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { inputDirection } from '../left-to-right';
import { useDictionary } from '../use-dictionary';
import { useMessageWording } from '../use-message-wording';

/**
 * Form controls of the membership screens. Every control has a label; its
 * hint and error are tied to it with `aria-describedby`, and `aria-invalid`
 * marks an error. A message shows only after the field was touched or the
 * form submitted (spec 1 §5); server messages arrive after a submit.
 * Messages are worded in the page's language (use-message-wording.ts).
 */
function useShownError(name: string): string | undefined {
  const { errors, touchedFields, isSubmitted } = useFormState({ name });
  const word = useMessageWording();
  const message = errors[name]?.message;
  const touched = (touchedFields as Record<string, unknown>)[name] === true;
  return typeof message === 'string' && message !== '' && (touched || isSubmitted)
    ? message.split('\n').map(word).join('\n')
    : undefined;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/** One message, or numbered messages when the server sent a list. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  const lines = message.split('\n');
  if (lines.length === 1)
    return (
      <p id={id} className="field__error">
        {message}
      </p>
    );
  return (
    <ol id={id} className="field__error field__error--list">
      {lines.map((line, index) => (
        <li key={`${index}-${line}`}>{line}</li>
      ))}
    </ol>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: ReactNode;
  /** Fields validated again when this one changes (the password repeat). */
  deps?: string[];
  /** A code or number (member number, PNR, office ID) that reads left to right in any page; emails and phones always do. */
  readsLeftToRight?: boolean;
  /** A field the member may leave empty: marked so beside its label (and in its description). */
  optional?: boolean;
};

/** "(optional)" beside a label, outside it: the field's name stays its label alone. */
export function OptionalMark({ id }: { id: string }) {
  const text = useDictionary();
  return (
    <span id={id} className="field__optional">
      {text('form.optional', '(optional)')}
    </span>
  );
}

/** An eye, crossed out while the password shows (the press hides it again). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3.25" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

export function TextField({
  name,
  label,
  hint,
  deps,
  type = 'text',
  readsLeftToRight,
  optional = false,
  ...input
}: TextFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const error = useShownError(name);
  const text = useDictionary();
  const [passwordShown, setPasswordShown] = useState(false);
  const isPassword = type === 'password';
  const control = (
    <input
      id={id}
      type={isPassword && passwordShown ? 'text' : type}
      className="field__control"
      dir={inputDirection(type, readsLeftToRight)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(
        optional && `${id}-optional`,
        hint !== undefined && `${id}-hint`,
        error && `${id}-error`,
      )}
      {...input}
      {...register(name, { deps })}
    />
  );
  return (
    <div className="field">
      {optional ? (
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
          <OptionalMark id={`${id}-optional`} />
        </div>
      ) : (
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {isPassword ? (
        <div className="field__password">
          {control}
          {/* A toggle inside the field: its name stays, aria-pressed says whether the password shows. */}
          <button
            type="button"
            className="field__reveal"
            aria-pressed={passwordShown}
            aria-controls={id}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            <EyeIcon crossed={passwordShown} />
            <span className="visually-hidden">{text('form.showPassword', 'Show password')}</span>
          </button>
        </div>
      ) : (
        control
      )}
      {hint !== undefined ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The empty first option's text. */
  placeholder: string;
  autoComplete?: string;
};

export function SelectField({ name, label, options, placeholder, autoComplete }: SelectFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const error = useShownError(name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        {...register(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type CheckboxFieldProps = {
  name: string;
  label: ReactNode;
  /** Shown after the label, outside it (a tooltip's trigger). */
  after?: ReactNode;
};

export function CheckboxField({ name, label, after }: CheckboxFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const error = useShownError(name);
  return (
    <div className="field field--checkbox">
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          {...register(name)}
        />
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {after}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A value the member sees but cannot change (office, agency, member number…). */
export function ReadOnlyField({
  label,
  value,
  readsLeftToRight,
}: {
  label: string;
  value: string;
  /** A code or number (member number, office ID) that reads left to right in any page. */
  readsLeftToRight?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        dir={inputDirection('text', readsLeftToRight)}
        value={value}
        readOnly
      />
    </div>
  );
}

/** Messages for fields the form does not have, and form-level notices. */
export function FormAlert({
  messages,
  tone = 'danger',
  title,
}: {
  messages: readonly string[];
  tone?: 'danger' | 'success' | 'info';
  title?: string;
}) {
  const word = useMessageWording();
  if (messages.length === 0 && title === undefined) return null;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <div className="alert__text">
        {title !== undefined ? <p className="alert__title">{title}</p> : null}
        {messages.length > 0 ? (
          <ul className="alert__list">
            {messages.map((message, index) => (
              <li key={`${index}-${message}`}>{word(message)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** The submit button: busy while the form is submitting, so a second click does nothing. */
export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <button
      type="submit"
      className="button"
      disabled={disabled}
      aria-disabled={isSubmitting || undefined}
      aria-busy={isSubmitting || undefined}
    >
      {children}
    </button>
  );
}
