import type { z } from 'zod';
import type { ClientLayout } from '@club/contract/client-layout';
import type { Page } from '@club/contract/page';
import { httpClient, type FormValues } from '../../lib/http-client';
import { validationMessagesOf, type FieldMessages } from './field-messages';

/**
 * The generic page-form submit (spec 1 §7): `POST /s2c/content/v1/pages/{name}/`
 * with the form values, the country, the language and the page's query params.
 */
export function postPageForm(
  page: Pick<Page, 'name' | 'params'>,
  layout: Pick<ClientLayout, 'countryCode' | 'languageCode'>,
  values: FormValues,
): Promise<unknown> {
  return httpClient.post<unknown>(`/s2c/content/v1/pages/${encodeURIComponent(page.name)}/`, {
    body: {
      ...page.params,
      ...values,
      countryCode: layout.countryCode,
      languageCode: layout.languageCode,
    },
  });
}

/** A page-form answer: field validation (`validationMessages`), or the answer of its schema. */
export type PageFormAnswer<T> =
  { kind: 'invalid'; messages: FieldMessages } | { kind: 'ok'; answer: T };

/**
 * Reads a page-form answer: `validationMessages` make it field validation
 * (spec 1 §5); anything else must match the page's answer schema, or the
 * submit fails with the generic error.
 */
export function readPageFormAnswer<TSchema extends z.ZodType>(
  schema: TSchema,
  answer: unknown,
): PageFormAnswer<z.output<TSchema>> {
  const messages = validationMessagesOf(answer);
  if (messages !== null) return { kind: 'invalid', messages };
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new Error('Unexpected page-form answer');
  return { kind: 'ok', answer: parsed.data };
}
