import { z } from 'zod';
import { FormBooleanSchema } from './membership.js';
import { staffText } from './staff-fields.js';
import { MEMBER_ACTION_REASON_MAX } from './staff-member-rules.js';

/**
 * The staff console's actions on one member (`/s2c/staff/v1/members/{number}/…`)
 * and the country-wide "require the terms again" (`/s2c/staff/v1/terms…`):
 * what the console's forms send and what the server answers.
 */

export const memberStatuses = ['pending', 'active', 'deletion_requested', 'deleted'] as const;
export const MemberStatusSchema = z.enum(memberStatuses);

/** Why staff make a change: required where an account moves (delete, restore, terms, direct access). */
export const ReasonSchema = staffText()
  .trim()
  .min(1, 'Give a reason')
  .max(MEMBER_ACTION_REASON_MAX, `At most ${MEMBER_ACTION_REASON_MAX} characters`);

/** A reason the log keeps when given (resend, unlock, end sessions). */
export const OptionalReasonSchema = staffText()
  .trim()
  .max(MEMBER_ACTION_REASON_MAX, `At most ${MEMBER_ACTION_REASON_MAX} characters`)
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value));

/** Body of an action whose reason may be left out. */
export const OptionalReasonWireSchema = z.object({ reason: OptionalReasonSchema });

/** Body of an action that needs a reason. */
export const ReasonWireSchema = z.object({ reason: ReasonSchema });

/** `POST …/direct-access`: mark (`true`) or unmark (`false`) as a direct-access user. */
export const DirectAccessWireSchema = z.object({
  isAmadeusDirectUser: FormBooleanSchema,
  reason: ReasonSchema,
});

/**
 * What the member's actions depend on, answered by `GET …/actions` and by
 * every action (the state after it), so the console shows only what applies.
 */
export const MemberActionStateSchema = z.object({
  number: z.string(),
  countryCode: z.string(),
  status: MemberStatusSchema,
  isAmadeusDirectUser: z.boolean(),
  /** The member accepted the terms their country publishes now. */
  acceptedCurrentTerms: z.boolean(),
  acceptedTermsVersion: z.string().nullable(),
  currentTermsVersion: z.string().nullable(),
  /** Failed logins counted against the member number in the current window. */
  loginFailures: z.number().int(),
  /** Until when logins with the number are refused (ISO time); null: not blocked. */
  loginBlockedUntil: z.string().nullable(),
  openSessions: z.number().int(),
  deletedAt: z.string().nullable(),
  /** A deleted member can be restored until then (ISO time); null unless deleted. */
  restorableUntil: z.string().nullable(),
});
export type MemberActionState = z.infer<typeof MemberActionStateSchema>;

/** A terms version label, as the country's content file writes it. */
export const TermsVersionSchema = staffText()
  .trim()
  .min(1, 'Enter the new terms version')
  .max(40, 'At most 40 characters');

/** `POST /s2c/staff/v1/terms/{countryCode}`: the country's terms changed; every member accepts them again. */
export const RequireCountryTermsWireSchema = z.object({
  version: TermsVersionSchema,
  reason: ReasonSchema,
});
export type RequireCountryTermsWire = z.infer<typeof RequireCountryTermsWireSchema>;

/** A country's terms version and, when staff set it, who did and when. */
export const CountryTermsSchema = z.object({
  countryCode: z.string(),
  name: z.string(),
  termsVersion: z.string(),
  /** The staff change that set this version; null when the content files set it. */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CountryTerms = z.infer<typeof CountryTermsSchema>;

/** The next version a console suggests: the number after a whole number, else nothing. */
export function suggestedTermsVersion(current: string): string {
  return /^\d{1,9}$/.test(current) ? String(Number(current) + 1) : '';
}
