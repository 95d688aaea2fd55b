import { useState, type FormEvent } from 'react';
import {
  GiftCategoryIdSchema,
  GiftCategoryNameSchema,
  type CategoryLanguage,
} from '@club/contract/staff-gift-categories';
import { StaffApiError } from '../../../lib/staff-api';
import { Field } from '../../../lib/ui/field';

export type CategoryFormValues = { id: string; names: Record<string, string> };

type CategoryNamesFormProps = {
  /** The country's languages: a required name field for each, labelled with the language's name. */
  languages: CategoryLanguage[];
  /** Given: a rename of that category (the id is fixed); absent: a new category with its id. */
  category?: { id: string; names: Record<string, string> };
  submitLabel: string;
  onSubmit: (values: CategoryFormValues) => Promise<void>;
  onCancel?: () => void;
};

/** The messages of the form's own checks, by field (`id`, `names.deu`). */
function check(values: CategoryFormValues, withId: boolean, languages: CategoryLanguage[]) {
  const errors: Record<string, string> = {};
  if (withId) {
    const id = GiftCategoryIdSchema.safeParse(values.id);
    if (!id.success) errors.id = id.error.issues[0]?.message ?? 'Check the id';
  }
  for (const language of languages) {
    const name = GiftCategoryNameSchema.safeParse(values.names[language.code] ?? '');
    if (!name.success) {
      errors[`names.${language.code}`] = name.error.issues[0]?.message ?? 'Check the name';
    }
  }
  return errors;
}

/** A category's id (when new) and its name in every language of the country. */
export function CategoryNamesForm({
  languages,
  category,
  submitLabel,
  onSubmit,
  onCancel,
}: CategoryNamesFormProps) {
  const isNew = category === undefined;
  const [values, setValues] = useState<CategoryFormValues>(() => ({
    id: category?.id ?? '',
    names: Object.fromEntries(
      languages.map((language) => [language.code, category?.names[language.code] ?? '']),
    ),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values, isNew, languages);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]!;
      event.currentTarget.querySelector<HTMLInputElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
      if (isNew) {
        setValues({
          id: '',
          names: Object.fromEntries(languages.map((language) => [language.code, ''])),
        });
      }
    } catch (failure) {
      const data =
        failure instanceof StaffApiError ? (failure.data as Record<string, unknown> | null) : null;
      const fromServer: Record<string, string> = {};
      for (const [key, value] of Object.entries(data ?? {})) {
        if (typeof value === 'string' && key !== 'requestId') fromServer[key] = value;
      }
      setErrors(
        Object.keys(fromServer).length > 0
          ? fromServer
          : { form: 'The category could not be saved. Try again.' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      {errors.form && (
        <p role="alert" className="form-error">
          {errors.form}
        </p>
      )}
      {isNew && (
        <Field
          label="Id"
          error={errors.id}
          hint="1 to 40 lower-case letters, digits or hyphens, unique in the country. The member site’s gift list filters by it (?category=); it cannot change later."
        >
          {(control) => (
            <input
              {...control}
              data-field="id"
              autoComplete="off"
              spellCheck={false}
              value={values.id}
              onChange={(event) => setValues({ ...values, id: event.target.value })}
            />
          )}
        </Field>
      )}
      {languages.map((language) => (
        <Field
          key={language.code}
          label={`Name in ${language.name}`}
          error={errors[`names.${language.code}`]}
        >
          {(control) => (
            <input
              {...control}
              data-field={`names.${language.code}`}
              lang={language.shortCode}
              dir={language.isRtl ? 'rtl' : 'ltr'}
              value={values.names[language.code] ?? ''}
              onChange={(event) =>
                setValues({
                  ...values,
                  names: { ...values.names, [language.code]: event.target.value },
                })
              }
            />
          )}
        </Field>
      ))}
      <div className="toolbar">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
