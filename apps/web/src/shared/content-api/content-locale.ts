/**
 * Country and language of a content call. Without a country the server takes
 * it from the host (or its default country on a bare host); without a language
 * it answers in the country's default language.
 */
export type ContentLocale = { countryCode?: string; languageCode?: string };
