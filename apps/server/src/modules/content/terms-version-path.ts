/**
 * The path of the staff edit of a country's terms version (`gr/terms-version`): staff set
 * it in the console (member-actions/country-terms.ts), and the content files'
 * `termsVersion` then no longer replaces it unless taken.
 */
export const termsVersionPath = (countryCode: string): string => `${countryCode}/terms-version`;
