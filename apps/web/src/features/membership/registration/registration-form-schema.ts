import { z } from 'zod';
import { RegistrationWireSchema, type OfficeData } from '@club/contract/membership';
import { withPasswordRepeatCheck } from '../forms/password-repeat';

const shape = RegistrationWireSchema.shape;

/** The registration form (spec 1 §2 step 5, §5), by the contract's rules. */
export const RegistrationFormSchema = withPasswordRepeatCheck(
  z.object({
    firstName: shape.firstName,
    lastName: shape.lastName,
    title: shape.title,
    password: shape.password,
    passwordRepeat: shape.passwordRepeat,
    officeId: shape.officeId,
    email: shape.email,
    phone: shape.phone,
    birthdayDay: shape.birthdayDay,
    birthdayMonth: shape.birthdayMonth,
    newsletter: shape.newsletter,
    sign: shape.sign,
  }),
);

export type RegistrationFormValues = z.input<typeof RegistrationFormSchema>;

export function emptyRegistration(officeId: string): RegistrationFormValues {
  return {
    firstName: '',
    lastName: '',
    title: '' as RegistrationFormValues['title'],
    password: '',
    passwordRepeat: '',
    officeId,
    email: '',
    phone: '',
    birthdayDay: '',
    birthdayMonth: '',
    newsletter: false,
    sign: '',
  };
}

/** The address sent with a registration: the office's zip and address (spec 1 §7). */
export function officeAddress(office: Pick<OfficeData, 'zip' | 'address'>): string {
  return [office.zip, office.address].filter((part) => part.trim() !== '').join(' ');
}
