/* No runtime zod here: screens show these messages before their schemas load. */
import type { MessageKey } from './message-catalogue.js';

/**
 * The keys of the spec's validation messages (spec 1 §5), shared by the
 * schemas of validation-rules.ts and the screens; their English wording is
 * in message-catalogue.ts.
 */
export const messages = {
  required: 'validation.required',
  pattern: 'validation.pattern',
  passwordMismatch: 'validation.passwordMismatch',
  numbersOnly: 'validation.numbersOnly',
  maxLength: 'validation.maxLength',
  name: 'validation.name',
  newPassword: 'validation.newPassword',
  oldPassword: 'validation.oldPassword',
  shortText: 'validation.shortText',
  sign: 'validation.sign',
  phone: 'validation.phone',
  email: 'validation.email',
  invalidCredentials: 'validation.invalidCredentials',
  /** A wrong current password on the profile (a new password or email needs it). */
  invalidPassword: 'validation.invalidPassword',
  officeNotFound: 'validation.officeNotFound',
  commonPassword: 'validation.commonPassword',
} as const satisfies Record<string, MessageKey>;
