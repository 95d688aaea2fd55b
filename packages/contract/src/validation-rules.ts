import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { messages } from './validation-messages.js';

export { messages };

/**
 * The validation table of spec 1 §5, one schema per rule, each with the spec's
 * own message. The web forms use them through react-hook-form's zod resolver
 * and the server routes through the zod type provider, so both give the same
 * message for the same input.
 */

const required = z.string({ error: messages.required }).min(1, messages.required);

/** 1 to 20 digits, surrounding whitespace allowed; answers the trimmed digits. */
export const NumbersOnlySchema = required
  .regex(/^\s*\d{1,20}\s*$/, messages.numbersOnly)
  .transform((value) => value.trim());

/** The stored-text rule (stored-text.ts): no NUL, no lone surrogate. */
export { storable } from './stored-text.js';

/** 1 to 255 characters. */
export const FreeTextSchema = required.max(255, messages.maxLength);

/** Passport-style name: 1 to 255 Latin letters, space, comma, period, apostrophe, hyphen. */
export const NameSchema = required
  .max(255, messages.maxLength)
  .regex(/^[A-Za-z ,.'-]+$/, messages.name);

/** 7 to 20 characters with at least one letter and one digit, and not a well-known password. */
export const NewPasswordSchema = required
  .regex(/^(?=.*[A-Za-z])(?=.*\d).{7,20}$/s, messages.newPassword)
  .refine((password) => !isCommonPassword(password), messages.commonPassword);

/** 6 to 20 characters. */
export const OldPasswordSchema = required
  .min(6, messages.oldPassword)
  .max(20, messages.oldPassword);

/** Up to 20 characters. */
export const ShortTextSchema = z.string().max(20, messages.shortText);

/** Exactly four digits: the first four of the agent sign (AT only). */
export const SignSchema = z.string().regex(/^\d{4}$/, messages.sign);

/**
 * Optional international prefix plus 7 to 10 digits or hyphens, at most 20
 * characters. The field itself is optional: `""` is accepted.
 */
export const PhoneSchema = z
  .string()
  .max(20, messages.phone)
  .regex(/^(?:$|(?:\+\d{1,4}[ -]?)?[\d-]{7,10})$/, messages.phone);

/**
 * local part, @, domain, top-level domain of 1 to 63 letters; under 253
 * characters (the input itself takes at most 255).
 */
export const EmailSchema = required
  .max(255, messages.maxLength)
  .refine((value) => value.length < 253, messages.email)
  .regex(
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{1,63}$/,
    messages.email,
  );

/** Office ID: required, at most 20 characters. */
export const OfficeIdSchema = required.max(20, messages.shortText);

/** Adds the form-level 'Password mismatch' rule to an object with password and passwordRepeat. */
export function withPasswordRepeat<
  T extends z.ZodObject<{ password: z.ZodType; passwordRepeat: z.ZodType }>,
>(schema: T) {
  return schema.refine(
    (value: { password?: unknown; passwordRepeat?: unknown }) =>
      value.password === value.passwordRepeat,
    { message: messages.passwordMismatch, path: ['passwordRepeat'] },
  );
}
