import { useState } from 'react';
import type { z } from 'zod';
import type { ContentPublished, MailTemplatePublished } from '@club/contract/staff-content';
import { usePublish, type ContentChange } from './content-api';
import { check, errorsOf, type FieldErrors } from './form-errors';

/**
 * A section's changes: checked with the contract's schema, published, and
 * how it went (`PublishState` shows it; field messages land on the fields).
 */
export function useChange(countryCode: string) {
  const publish = usePublish(countryCode);
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  /** The last change's answer (a mail template's says what was removed from its HTML). */
  const [answer, setAnswer] = useState<ContentPublished | MailTemplatePublished | undefined>();

  async function publishChange(change: ContentChange): Promise<boolean> {
    setFieldErrors({});
    setFormError(undefined);
    setAnswer(undefined);
    setState('pending');
    try {
      setAnswer(await publish.mutateAsync(change));
      setState('success');
      return true;
    } catch (error) {
      const problems = errorsOf(error);
      setFieldErrors(problems.fields);
      setFormError(problems.form);
      setState('error');
      return false;
    }
  }

  /** Checks `value` with the contract's schema, then publishes the change built from it. */
  async function send<T extends z.ZodType>(
    schema: T,
    value: unknown,
    change: (valid: z.output<T>) => ContentChange,
  ): Promise<boolean> {
    const checked = check(schema, value);
    if (!checked.ok) {
      setFormError(undefined);
      setFieldErrors(checked.errors);
      setState('error');
      return false;
    }
    return publishChange(change(checked.value));
  }

  return { send, publishChange, state, fieldErrors, formError, answer };
}
