import { z } from 'zod';

/** Form values as they come, for calls that check them in their handler (agency links). */
export const FormValuesSchema = z.record(z.string(), z.unknown());

/** A form without fields: whatever is posted, nothing is read. */
export const NoFieldsSchema = z.object({});

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

/** `schema` of a form with an email field, which it checks without the address's surrounding spaces. */
export const withTrimmedEmail = <T extends z.ZodType>(schema: T) =>
  z.preprocess(trimmedEmail, schema);

/** Surrounding spaces of a typed or pasted address are no reason to refuse it. */
export function trimmedEmail<T>(values: T): T {
  return isRecord(values) && typeof values.email === 'string'
    ? { ...values, email: values.email.trim() }
    : values;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
