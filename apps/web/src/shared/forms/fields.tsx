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
};

export function TextField({
  name,
  label,
  hint,
  deps,
  type = 'text',
  readsLeftToRight,
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
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      {...input}
      {...register(name, { deps })}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {isPassword ? (
        <div className="field__password">
          {control}
          {/* A toggle: the label stays, aria-pressed says whether the password shows; focus stays on it. */}
          <button
            type="button"
            className="button button--secondary field__reveal"
            aria-pressed={passwordShown}
            aria-controls={id}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {text('form.showPassword', 'Show password')}
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
