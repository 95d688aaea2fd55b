import { z } from 'zod';

/** Country code: two letters, taken from the host subdomain (spec 2 §9). */
export const CountryCodeSchema = z
  .string()
  .regex(/^[a-zA-Z]{2}$/, 'Country code must be two letters')
  .transform((code) => code.toLowerCase());

/** Language code: three letters (spec 2 §9). */
export const LanguageCodeSchema = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, 'Language code must be three letters')
  .transform((code) => code.toLowerCase());
