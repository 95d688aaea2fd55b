import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { staffText } from './staff-fields.js';

/**
 * The staff console's calls (`/s2c/staff/v1/…`): staff accounts, their
 * sessions, and the answers the console and the server share.
 */

export const staffRoles = ['admin', 'manager', 'support'] as const;
export const StaffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const CountryCodeSchema = z.string().regex(/^[a-z]{2}$/, 'A two-letter country code');

/** A staff member as the console sees them. `countries` is empty for an admin (every country). */
export const StaffSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  countries: z.array(z.string()),
});
export type Staff = z.infer<typeof StaffSchema>;

/** A time-based one-time code (RFC 6238): six digits. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the six digits your authenticator app shows');

/** `POST /s2c/staff/v1/session`. */
export const StaffLoginWireSchema = z.object({
  email: staffText().trim().min(1, 'Enter your email').max(254),
  password: z.string().min(1, 'Enter your password').max(200),
  code: TotpCodeSchema,
});
export type StaffLoginWire = z.infer<typeof StaffLoginWireSchema>;

export const StaffSessionAnswerSchema = z.object({ token: z.string(), staff: StaffSchema });
export type StaffSessionAnswer = z.infer<typeof StaffSessionAnswerSchema>;

/** Staff passwords: at least 12 characters and none of the common ones (ASVS 2.1). */
export const StaffPasswordSchema = z
  .string()
  .min(12, 'At least 12 characters')
  .max(128, 'At most 128 characters')
  .refine((password) => !isCommonPassword(password), 'This password is too common');

/** The 401 of a staff login: the same for every wrong factor. */
export const staffLoginFailed = 'Email, password or code is not right';
