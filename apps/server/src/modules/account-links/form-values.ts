import { z } from 'zod';

/**
 * Page forms of this area take their values as they come and check them in
 * the handler, so that problems answer in the spec's shapes
 * (`validationMessages`, error lists) rather than as a 400.
 */
export const FormValuesSchema = z.record(z.string(), z.unknown());

/** The `token` of an emailed link as the page posts it; anything else counts as no token. */
export const TokenFormSchema = z.object({
  token: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim() : '')),
});

export const tokenParam = (params: Record<string, string>) => params.token?.trim() ?? '';

/** The link's token of a submit: in the form values (how the web app sends it), else in the query. */
export const submittedToken = (body: { token: string }, params: Record<string, string>) =>
  body.token !== '' ? body.token : tokenParam(params);

/** Surrounding spaces of a typed or pasted address are no reason to refuse it. */
export function trimmedEmail(values: Record<string, unknown>): Record<string, unknown> {
  return typeof values.email === 'string' ? { ...values, email: values.email.trim() } : values;
}
