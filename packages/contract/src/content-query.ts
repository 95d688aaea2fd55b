import { z } from 'zod';
import { CountryCodeSchema, LanguageCodeSchema } from './locale.js';

/**
 * Query of the layout call. Both parts are optional: without a country the
 * server takes it from the host subdomain (or the default country of a bare
 * host); without a language it takes the country's default language.
 */
export const LayoutQuerySchema = z.object({
  countryCode: CountryCodeSchema.optional(),
  languageCode: LanguageCodeSchema.optional(),
});
export type LayoutQuery = z.infer<typeof LayoutQuerySchema>;

export const PageNameParamSchema = z.object({
  pageName: z
    .string()
    .max(64)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Unknown page name'),
});

/** Page query: country and language plus any page params (all strings, bounded). */
export const PageQuerySchema = LayoutQuerySchema.catchall(z.string().max(2000));
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const TextsQuerySchema = LayoutQuerySchema.extend({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Unknown text key'),
});
export type TextsQuery = z.infer<typeof TextsQuerySchema>;

export const ErrorLogBodySchema = z.object({
  message: z.string().min(1).max(4000),
});
