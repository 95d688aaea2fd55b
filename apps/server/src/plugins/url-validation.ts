import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** Distinct query strings and path parameters remembered per route; the oldest go first. */
const REMEMBERED = 500;
/** Longer or wider inputs are validated every time. */
const MAX_KEYS = 8;
const MAX_CHARACTERS = 256;

/**
 * The key of a small URL input whose values are all strings, or undefined.
 * Query strings and path parameters repeat: every page view asks for the
 * layout and its page with the same few values.
 */
function keyOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let key = '';
  let keys = 0;
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string' || ++keys > MAX_KEYS) return undefined;
    key += `${name}\u0001${value}\u0002`;
    if (key.length > MAX_CHARACTERS) return undefined;
  }
  return key;
}

/**
 * The zod validator of every route, remembering the accepted values of query
 * strings and path parameters: validating `countryCode=gr&languageCode=eng`
 * again costs about a tenth of the layout call's throughput, and validation is
 * a pure function of its input. Rejected inputs are validated every time, and
 * each request gets its own copy of the value.
 */
export const urlValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const accepted = new Map<string, Record<string, unknown>>();
  return (data) => {
    const key = keyOf(data);
    if (key === undefined) return validate(data);
    const known = accepted.get(key);
    if (known !== undefined) return { value: { ...known } };
    const result = validate(data);
    const { value, error } = result as { value?: unknown; error?: unknown };
    if (error === undefined && typeof value === 'object' && value !== null) {
      if (accepted.size >= REMEMBERED) accepted.delete(accepted.keys().next().value!);
      accepted.set(key, { ...(value as Record<string, unknown>) });
    }
    return result;
  };
};
