import { useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useCommonState } from '../common-state';
import { fieldMessages } from '../../lib/api-error';
import { useMessageWording } from '../use-message-wording';
import type { FieldMessages } from './field-messages';
import { useSubmitErrorMessage } from './use-submit-error';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form validated by a schema built from the contract's rules. Every change
 * and blur validates (mode `all`); fields show their message only once touched
 * or after a submit (see `useShownError`).
 */
export function useClubForm<TSchema extends FormSchema>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useResolvedClubForm(schemaResolver(schema), defaultValues);
}

/** The resolver of a schema, with the schema's input and output types. */
export function schemaResolver<TSchema extends FormSchema>(
  schema: TSchema,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  // The resolver's own generics cannot follow a generic schema; its types are the schema's.
  return zodResolver(schema) as unknown as Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
}

/**
 * When a form validates: on every change and blur (`all`, the membership
 * forms), or first on submit (`onSubmit`: redeem points and the points
 * search, whose fields show their messages after an order or a search).
 */
export type ValidationMode = 'all' | 'onSubmit';

/** The same form with a resolver of its own, e.g. one that loads its schema later (`loadedOnFirstCall`, contract/loaded-on-first-call.ts). */
export function useResolvedClubForm<TIn extends FieldValues, TOut>(
  resolver: Resolver<TIn, unknown, TOut>,
  defaultValues: DefaultValues<TIn>,
  mode: ValidationMode = 'all',
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({ resolver, mode, defaultValues });
}

/**
 * Puts server messages on the matching fields (`rename` maps a server field
 * to a form field, e.g. login's `username` → `number`); a list shows as
 * numbered messages. Answers the messages of fields the form does not have.
 */
export function applyFieldMessages<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  messages: FieldMessages,
  rename: Readonly<Record<string, string>> = {},
): string[] {
  const values: Record<string, unknown> = form.getValues();
  const unmatched: string[] = [];
  let first = true;
  for (const [field, list] of Object.entries(messages)) {
    if (list.length === 0) continue;
    const name = rename[field] ?? field;
    if (!Object.hasOwn(values, name)) {
      unmatched.push(...list);
      continue;
    }
    form.setError(
      name as Path<T>,
      { type: 'server', message: list.join('\n') },
      { shouldFocus: first },
    );
    first = false;
  }
  return unmatched;
}

export type SubmitOutcome = FieldMessages | null | undefined | void;

export type FormSubmitOptions = {
  /** Server fields to form fields, e.g. login's `username` → `number` (spec 1 §5). */
  rename?: Readonly<Record<string, string>>;
  /**
   * Values without a control to show a message on (redeem's gifts and order
   * key): their messages, the form's and the server's, go to the page's error banner.
   */
  hiddenFields?: readonly string[];
};

/**
 * The submit flow of spec 1 §4–5 and spec 2 §4: `send` runs only for a valid
 * form (a blocked submit marks every field as touched); while it runs the
 * form is submitting. Field messages it answers, or a 400 answer's, land on
 * the fields; any other failure shows the generic submit error.
 */
export function useFormSubmit<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<SubmitOutcome>,
  { rename, hiddenFields = [] }: FormSubmitOptions = {},
): { onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; otherMessages: string[] } {
  const { addError, cleanErrors } = useCommonState();
  const word = useMessageWording();
  const submitErrorMessage = useSubmitErrorMessage();
  const [otherMessages, setOtherMessages] = useState<string[]>([]);
  const toBanner = (messages: readonly string[]) =>
    messages.forEach((message) => addError(word(message)));
  const submit = form.handleSubmit(
    async (values) => {
      // The same empty list keeps the form from rendering again for nothing.
      setOtherMessages((current) => (current.length === 0 ? current : []));
      cleanErrors();
      let messages: SubmitOutcome;
      try {
        messages = await send(values);
      } catch (error) {
        messages = fieldMessages(error);
        if (messages === null) {
          addError(submitErrorMessage(error));
          return;
        }
      }
      if (!messages) return;
      const shown: FieldMessages = {};
      for (const [field, list] of Object.entries(messages)) {
        if (hiddenFields.includes(rename?.[field] ?? field)) toBanner(list);
        else shown[field] = list;
      }
      setOtherMessages(applyFieldMessages(form, shown, rename));
    },
    // A blocked submit: the first hidden field's message (the others' show on their fields).
    (errors: FieldErrors) => toBanner(hiddenMessages(errors, hiddenFields).slice(0, 1)),
  );
  // One submit at a time: a second click while the first runs does nothing. A
  // ref, not `formState.isSubmitting`: reading that would make every submit's
  // start and end render the whole form again (react-hook-form renders what is read).
  const submitting = useRef(false);
  const onSubmit = async (event?: BaseSyntheticEvent) => {
    if (submitting.current) {
      event?.preventDefault();
      return;
    }
    submitting.current = true;
    try {
      await submit(event);
    } finally {
      submitting.current = false;
    }
  };
  return { onSubmit, otherMessages };
}

/** The form's own messages of fields without a control, in the order of `hiddenFields`. */
function hiddenMessages(errors: FieldErrors, hiddenFields: readonly string[]): string[] {
  return hiddenFields.flatMap((field) => {
    const message = errors[field]?.message;
    return typeof message === 'string' && message !== '' ? [message] : [];
  });
}
