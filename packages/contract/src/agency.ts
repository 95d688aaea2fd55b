import { z } from 'zod';
import type { MessageKey } from './message-catalogue.js';
import { EmailSchema, NameSchema, messages, storable } from './validation-rules.js';

/**
 * Agency opt-in and opt-out (spec 2 §2.4, §3 "Agency", "Opt forms", §5, §7):
 * a decision maker opens a link carrying `s` and `c`, sees the agency, and
 * submits the form that opts it in or out.
 */

/** Keys of the agency messages (wording in message-catalogue.ts). */
export const agencyMessages = {
  /** An unknown, tampered, expired or already used link (validationMessages.officeId). */
  linkInvalid: 'agency.message.linkInvalid',
  agreeRequired: 'agency.message.agreeRequired',
  /** The opt-out page's own confirmation, not a field of the server's form. */
  confirmRequired: 'agency.message.confirmRequired',
  /** A valid link opened on the page of the other purpose (it names the page it belongs to). */
  linkForOptIn: 'agency.linkForOptIn',
  linkForOptOut: 'agency.linkForOptOut',
} as const satisfies Record<string, MessageKey>;

/** The hidden link parameters: `s` names the link, `c` proves it. */
export const AgencyLinkSchema = z.object({
  s: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, agencyMessages.linkInvalid),
  c: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, agencyMessages.linkInvalid),
});
export type AgencyLink = z.infer<typeof AgencyLinkSchema>;

/** `GET /s2c/auth/v1/agency/state-change-request?s=&c=` → the agency, or validationMessages.officeId. */
export const AgencySchema = z.object({
  officeId: z.string(),
  name: z.string(),
  /** Which form the link opens. */
  purpose: z.enum(['opt-in', 'opt-out']),
});
export type Agency = z.infer<typeof AgencySchema>;

const CommentSchema = z
  .string()
  .trim()
  .max(1000, messages.maxLength)
  .refine(storable, messages.pattern)
  .default('');

/** The opt-out form (spec 2 §5): names and email required, comment optional. */
export const OptOutFormSchema = AgencyLinkSchema.extend({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  comment: CommentSchema,
});
export type OptOutForm = z.infer<typeof OptOutFormSchema>;

/** The opt-in form (spec 2 §5): names and email required, the agree box checked. */
export const OptInFormSchema = AgencyLinkSchema.extend({
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  agree: z
    .union([z.literal('true'), z.literal('1'), z.literal('on'), z.literal(true)], {
      error: agencyMessages.agreeRequired,
    })
    .transform(() => true),
});
export type OptInForm = z.infer<typeof OptInFormSchema>;

/** The answer of a state change: done, or validationMessages per field. */
export const StateChangeAnswerSchema = z.object({
  officeId: z.string(),
  active: z.boolean(),
});
export type StateChangeAnswer = z.infer<typeof StateChangeAnswerSchema>;
