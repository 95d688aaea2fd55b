/* No runtime zod here: the server's record parsers use it too. */

/** A UTF-16 surrogate without its pair: no character at all, so UTF-8 (and the database) cannot hold it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the database can keep: PostgreSQL text cannot hold the NUL character,
 * and a lone surrogate would be stored as another character (or refused, in
 * JSON), so free text that is stored refuses both as a field problem (not a
 * failure or a change later). Members' and staff's text alike.
 */
export const storable = (value: string): boolean =>
  !value.includes('\u0000') && !loneSurrogate.test(value);
