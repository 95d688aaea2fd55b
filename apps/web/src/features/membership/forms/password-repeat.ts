import type { z } from 'zod';
import { messages } from '@club/contract/validation-rules';

type WithPasswords = z.ZodObject<{ password: z.ZodType; passwordRepeat: z.ZodType }>;

/**
 * The form-level 'Password mismatch' rule (spec 1 §5) on the repeat field. It
 * runs even while other fields are still invalid, so the message shows as
 * soon as the repeat is touched (the contract's server rule runs last).
 */
export function withPasswordRepeatCheck<T extends WithPasswords>(schema: T) {
  return schema.refine(
    (value: { password?: unknown; passwordRepeat?: unknown }) =>
      value.password === value.passwordRepeat,
    { message: messages.passwordMismatch, path: ['passwordRepeat'], when: () => true },
  );
}
