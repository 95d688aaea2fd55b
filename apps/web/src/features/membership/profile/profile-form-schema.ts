import { z } from 'zod';
import { ProfileUpdateWireSchema, type User } from '@club/contract/membership';
import { withPasswordRepeatCheck } from '../forms/password-repeat';

const shape = ProfileUpdateWireSchema.shape;

/** The editable profile fields (spec 1 §2 "Profile update"), by the contract's rules. */
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
    newsletter: shape.newsletter,
    sign: shape.sign,
  }),
);

export type ProfileFormValues = z.input<typeof ProfileFormSchema>;

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
    newsletter: user?.newsletter ?? false,
    sign: user?.sign ?? '',
  };
}
