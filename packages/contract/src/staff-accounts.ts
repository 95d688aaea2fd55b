import { z } from 'zod';
import {
  CountryCodeSchema,
  StaffPasswordSchema,
  StaffRoleSchema,
  TotpCodeSchema,
} from './staff.js';

/**
 * Staff accounts as admins manage them (`/s2c/staff/v1/staff…`), and the
 * setup link a new account (or one whose phone or password was lost) is set
 * up with (`/s2c/staff/v1/setup`).
 */

/** Where an account stands: its setup link not used yet, set up, or disabled by an admin. */
export const staffAccountStates = ['waiting-for-setup', 'set-up', 'disabled'] as const;
export const StaffAccountStateSchema = z.enum(staffAccountStates);
export type StaffAccountState = z.infer<typeof StaffAccountStateSchema>;

export const StaffAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: StaffRoleSchema,
  /** Empty for an admin: every country. */
  countries: z.array(z.string()),
  state: StaffAccountStateSchema,
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** An account as the Staff area lists it: with its failed logins and login backoff. */
export const StaffAccountListItemSchema = StaffAccountSchema.extend({
  /** Failed logins of the account's email in the current login window. */
  failedLogins: z.number().int(),
  /** The end of the email's login backoff, if it is in one. */
  loginBlockedUntil: z.string().nullable(),
});
export type StaffAccountListItem = z.infer<typeof StaffAccountListItemSchema>;

export const StaffAccountListSchema = z.object({ items: z.array(StaffAccountListItemSchema) });
export type StaffAccountList = z.infer<typeof StaffAccountListSchema>;

export const StaffEmailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters')
  .pipe(z.email('Enter an email address'))
  .transform((email) => email.toLowerCase());

/**
 * Countries as a form sends them (`at, de`) or as a JSON list: lower-case
 * two-letter codes, each once. Whether they exist is the server's check.
 */
export const StaffCountriesSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((code) => code.trim().toLowerCase())
          .filter((code) => code !== '')
      : value,
  z
    .array(z.string())
    .max(50, 'At most 50 countries')
    // One message for the whole list: the form has one field for it.
    .refine(
      (codes) => codes.every((code) => CountryCodeSchema.safeParse(code).success),
      'Two-letter country codes separated by commas',
    )
    .transform((codes) => [...new Set(codes)].sort()),
);

const countriesMessage = {
  admin: 'An admin works in every country: leave the countries empty',
  other: 'Name at least one country (two-letter codes separated by commas)',
};

/** An admin has no countries; a manager or support account has at least one. */
function countriesFitRole(
  value: { role: z.infer<typeof StaffRoleSchema>; countries: string[] },
  context: z.RefinementCtx,
): void {
  if (value.role === 'admin' && value.countries.length > 0) {
    context.addIssue({ code: 'custom', path: ['countries'], message: countriesMessage.admin });
  }
  if (value.role !== 'admin' && value.countries.length === 0) {
    context.addIssue({ code: 'custom', path: ['countries'], message: countriesMessage.other });
  }
}

const RoleAndCountries = z.object({
  role: StaffRoleSchema,
  countries: StaffCountriesSchema.default([]),
});

/** `POST /s2c/staff/v1/staff` and `npm run staff:add`. */
export const NewStaffAccountSchema = RoleAndCountries.extend({
  email: StaffEmailSchema,
}).superRefine(countriesFitRole);
export type NewStaffAccount = z.output<typeof NewStaffAccountSchema>;

/** `PATCH /s2c/staff/v1/staff/{id}`: the role and the countries. */
export const StaffAccountChangeSchema = RoleAndCountries.superRefine(countriesFitRole);
export type StaffAccountChange = z.output<typeof StaffAccountChangeSchema>;

/** A setup link to hand over to the staff member: shown once, never stored. */
export const StaffSetupLinkSchema = z.object({ setupLink: z.string(), expiresAt: z.string() });
export type StaffSetupLink = z.infer<typeof StaffSetupLinkSchema>;

export const NewStaffAccountAnswerSchema = StaffSetupLinkSchema.extend({
  account: StaffAccountSchema,
  /** The address the setup link was mailed to (the new account's). */
  mailedTo: z.string(),
});
export type NewStaffAccountAnswer = z.infer<typeof NewStaffAccountAnswerSchema>;

/** The setup link's token: `stf_` and 43 base64url characters. */
export const StaffSetupTokenSchema = z.string().max(100);

/** `GET /s2c/staff/v1/setup?token=`: who the link is for and the secret to enrol. */
export const StaffSetupOfferSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  countries: z.array(z.string()),
  /** Base32, for typing into an authenticator app. */
  totpSecret: z.string(),
  /** The `otpauth://` address, for its QR code. */
  totpUri: z.string(),
});
export type StaffSetupOffer = z.infer<typeof StaffSetupOfferSchema>;

/** `POST /s2c/staff/v1/setup`: the password and a code that proves the app is enrolled. */
export const StaffSetupWireSchema = z.object({
  token: StaffSetupTokenSchema,
  password: StaffPasswordSchema,
  code: TotpCodeSchema,
});
export type StaffSetupWire = z.infer<typeof StaffSetupWireSchema>;

/** The setup's refusal of a code that does not match the offered secret. */
export const staffSetupCodeWrong =
  'This code does not match: check the app shows the club, then enter its current code';

/** The answer of an unknown, used or expired setup link (all alike). */
export const staffSetupLinkDead =
  'This setup link does not work (used, replaced or expired). Ask an admin for a new one.';
