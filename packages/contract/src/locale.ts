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

/**
 * The three-letter rule of spec 2 §2.2: a route parameter in the language slot
 * that is not three letters long is the page name, and the language is dropped.
 */
export function isLanguageSegment(segment: string | undefined): segment is string {
  return segment !== undefined && /^[a-zA-Z]{3}$/.test(segment);
}

/** Country code of a host such as `gr.localhost:3000` or `ae.club.example`, if any. */
export function countryFromHost(host: string, rootDomain: string): string | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const root = rootDomain.toLowerCase();
  if (!hostname.endsWith(`.${root}`)) return undefined;
  const sub = hostname.slice(0, -(root.length + 1));
  return /^[a-z]{2}$/.test(sub) ? sub : undefined;
}
