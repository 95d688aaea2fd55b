import { z } from 'zod';
import { ProfileUpdateWireSchema, type User } from '@club/contract/membership';
import { messages, OldPasswordSchema } from '@club/contract/validation-rules';
import { withPasswordRepeatCheck } from '../forms/password-repeat';

const shape = ProfileUpdateWireSchema.shape;

/**
 * The editable profile fields (spec 1 §2 "Profile update"), by the contract's
 * rules. `currentEmail` is the member's email as the form was filled, never
 * shown nor sent: the current password (`oldPassword`, the spec's
 * old-password rule) is needed, and checked, only when the password or the
 * email changes.
 */
export const ProfileFormSchema = withPasswordRepeatCheck(
  z.object({
    title: shape.title,
    giftDeliveryAddress: shape.giftDeliveryAddress,
    phone: shape.phone,
    email: shape.email,
    birthdayDay: shape.birthdayDay,
    birthdayMonth: shape.birthdayMonth,
    password: shape.password,
    passwordRepeat: shape.passwordRepeat,
    oldPassword: z.string(),
    currentEmail: z.string(),
    newsletter: shape.newsletter,
    sign: shape.sign,
  }),
).superRefine((value, context) => {
  if (!needsCurrentPassword(value)) return;
  const checked = OldPasswordSchema.safeParse(value.oldPassword);
  if (!checked.success) {
    context.addIssue({
      code: 'custom',
      path: ['oldPassword'],
      message: checked.error.issues[0]?.message ?? messages.required,
    });
  }
});

export type ProfileFormValues = z.input<typeof ProfileFormSchema>;

/** Whether the form changes what signs the member in or recovers the account: then it asks for the current password. */
export function needsCurrentPassword(values: {
  password?: string;
  email?: string;
  currentEmail?: string;
}): boolean {
  return (values.password ?? '') !== '' || (values.email ?? '') !== (values.currentEmail ?? '');
}

/** The form filled from the member; the password fields start empty (an empty one keeps the old). */
export function profileValues(user: User | null): ProfileFormValues {
  return {
    title: (user?.title ?? '') as ProfileFormValues['title'],
    giftDeliveryAddress: user?.giftDeliveryAddress ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    birthdayDay: user?.birthdayDay ?? '',
    birthdayMonth: user?.birthdayMonth ?? '',
    password: '',
    passwordRepeat: '',
    oldPassword: '',
    currentEmail: user?.email ?? '',
    newsletter: user?.newsletter ?? false,
    sign: user?.sign ?? '',
  };
}

/** What the profile update sends: the current password only when it is needed, and never `currentEmail`. */
export function profileWireValues(values: z.output<typeof ProfileFormSchema>) {
  const { title, giftDeliveryAddress, phone, email, birthdayDay, birthdayMonth } = values;
  const { password, passwordRepeat, oldPassword, newsletter, sign } = values;
  return {
    title,
    giftDeliveryAddress,
    phone,
    email,
    birthdayDay,
    birthdayMonth,
    password,
    passwordRepeat,
    oldPassword: needsCurrentPassword(values) ? oldPassword : '',
    newsletter,
    sign,
  };
}
