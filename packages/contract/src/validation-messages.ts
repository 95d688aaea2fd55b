/* No runtime zod here: screens show these messages before their schemas load. */

/** The spec's validation messages (spec 1 §5), shared by the schemas of validation-rules.ts and the screens. */
export const messages = {
  required: 'Field is required',
  pattern: "Pattern doesn't match",
  passwordMismatch: 'Password mismatch',
  numbersOnly: 'Only numbers are allowed',
  maxLength: 'Max length exceeded',
  name: 'Only latin letters, spaces, commas, points and hyphens allowed',
  newPassword: 'Minimum 7 characters, maximum 20 characters, must contain letter and digit',
  oldPassword: 'Minimum 6 characters, maximum 20 characters',
  shortText: 'Maximum 20 characters',
  sign: 'Geben Sie die ersten 4 Ziffern',
  phone: 'Wrong format, e.g. +30 2101234567',
  email: 'Wrong format, e.g. name@example.com',
  invalidCredentials: 'Invalid Username or Password',
  /** A wrong current password on the profile (a new password or email needs it). */
  invalidPassword: 'Invalid Password',
  officeNotFound: 'Office ID not found',
  commonPassword: 'This password is too common. Please choose another one.',
} as const;
