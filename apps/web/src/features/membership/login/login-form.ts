import { z } from 'zod';
import { LoginWireSchema } from '@club/contract/membership';
import { messages } from '@club/contract/validation-rules';

/**
 * Login (spec 1 §2, §5): digits only, at most 20, a pattern failure reads
 * 'Invalid Username or Password'. The login screen loads it when the form
 * first validates (`loadedOnFirstCall`, contract/loaded-on-first-call.ts).
 */
export const LoginFormSchema = z.object({
  number: z.string().min(1, messages.required).pipe(LoginWireSchema.shape.username),
  password: LoginWireSchema.shape.password,
});
export type LoginFormInput = z.input<typeof LoginFormSchema>;
export type LoginFormValues = z.output<typeof LoginFormSchema>;
