import { z } from 'zod';
import { PageSchema } from './page.js';
import { OfficeDataSchema } from './membership.js';

/**
 * Page answers and page-form answers of the membership area (spec 1 §2–§4).
 * Pages come from `GET /s2c/content/v1/pages/{name}/`; their forms post to the
 * same path. A form answer carrying `validationMessages` is field validation,
 * not success (spec 1 §5).
 */

export const ValidationAnswerSchema = z.object({
  validationMessages: z.record(z.string(), z.array(z.string())),
});

export const PersonTitleOptionSchema = z.object({ code: z.string(), title: z.string() });
/**
 * Country item (spec 1 §3: code, name), with the route prefix of its site:
 * `''` on its own subdomain, `/cy` on the root site for a country whose
 * subdomain is disabled.
 */
export const CountryItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  countryRoute: z.string(),
});

/** registration (spec 1 §3 "Registration page data"). */
export const RegistrationPageSchema = PageSchema.extend({
  countries: z.array(CountryItemSchema),
  hasManyCountries: z.boolean(),
  personTitles: z.array(PersonTitleOptionSchema),
  /** International dialling code of the country, shown as a hint: `+30`. */
  phoneCodeLocalized: z.string(),
  /** `''`, `dm-approval-notify` or `dm-approval-success` (client steps may move it on). */
  step: z.string(),
  officeData: OfficeDataSchema.nullable(),
  /** HTML texts of the decision-maker steps; empty means the screen's default text. */
  optInDecisionMakerRequestText: z.string(),
  optInDecisionMakerEnrollSuccessText: z.string(),
  optInDecisionMakerNotifySuccessText: z.string(),
  /** The agreement (conditions) text of step 4, HTML. */
  conditionsText: z.string(),
});
export type RegistrationPage = z.infer<typeof RegistrationPageSchema>;

/** profile-update (members only). */
export const ProfileUpdatePageSchema = PageSchema.extend({
  personTitles: z.array(PersonTitleOptionSchema),
  phoneCodeLocalized: z.string(),
});
export type ProfileUpdatePage = z.infer<typeof ProfileUpdatePageSchema>;

/** profile-delete (members only): a delete link may already be out. */
export const ProfileDeletePageSchema = PageSchema.extend({
  deleteLinkSent: z.boolean(),
  /** Days the data is kept after deletion, during which the account can be restored. */
  linkLifeTime: z.number().int(),
});
export type ProfileDeletePage = z.infer<typeof ProfileDeletePageSchema>;
/** POST profile-delete: the delete link was (re)sent. */
export const ProfileDeleteAnswerSchema = z.object({
  deleteLinkSent: z.literal(true),
  linkLifeTime: z.number().int(),
});

/** forgot-password: the page greets the member of the link (`token` param) by first name. */
export const ForgotPasswordPageSchema = PageSchema.extend({
  FirstUsername: z.string(),
  /** The link owner's member number ('' for a link that no longer works). */
  memberNumber: z.string(),
  /** False when the link is unknown, used or expired: the page shows the invalid-link text. */
  linkValid: z.boolean(),
});
export type ForgotPasswordPage = z.infer<typeof ForgotPasswordPageSchema>;
/** POST forgot-password `{ token, password, passwordRepeat }`. */
export const ForgotPasswordAnswerSchema = z.union([
  z.object({ success: z.literal(true) }),
  ValidationAnswerSchema,
]);

/** POST retrieve-password `{ email }`: the same answer whether or not the email is known. */
export const RetrievePasswordAnswerSchema = z.union([
  z.object({ sent: z.literal(true) }),
  ValidationAnswerSchema,
]);

/** Forgot your member number: the same answer whether or not the address is a member's. */
export const RetrieveMemberNumberAnswerSchema = RetrievePasswordAnswerSchema;

/** POST reconfirm `{ email }` (spec 1 §3 "Reconfirm page"). */
export const ReconfirmAnswerSchema = z.union([
  z.object({
    emailReconfirmed: z.boolean(),
    alreadyActivated: z.boolean(),
    errorMessages: z.array(z.string()),
  }),
  ValidationAnswerSchema,
]);

/** POST registration-email-confirm `{ token }` (the page posts the link's token on open). */
export const EmailConfirmAnswerSchema = z.object({
  errors: z.array(z.string()),
  alreadyActivated: z.boolean(),
});

/**
 * POST email-change-confirm `{ token }` (the page posts the link's token on
 * open): the new email is the member's now and every session has ended; or
 * an error (the invalid-link message, or the address is taken by now).
 */
export const EmailChangeConfirmAnswerSchema = z.object({
  emailChanged: z.boolean(),
  errors: z.array(z.string()),
});
export type EmailChangeConfirmAnswer = z.infer<typeof EmailChangeConfirmAnswerSchema>;

/** POST restore `{ email, number }`. */
export const RestoreAnswerSchema = z.union([
  z.object({
    restoreLinkSent: z.boolean(),
    /** 'Invalid data' list items; shown in success style when `alreadyRestored`. */
    errorMessageList: z.array(z.object({ errorMessage: z.string() })),
    alreadyRestored: z.boolean(),
  }),
  ValidationAnswerSchema,
]);

/** POST restore-confirm `{ token }`: success, or 'Already restored!' / 'Error'. */
export const RestoreConfirmAnswerSchema = z.object({
  errors: z.array(z.string()),
  alreadyActivated: z.boolean(),
  errorMessageList: z.array(z.object({ errorMessage: z.string() })),
});

/** POST delete-confirm `{ token }` (members only): the retention message or an error list. */
export const DeleteConfirmAnswerSchema = z.object({
  errorMessageList: z.array(z.object({ errorMessage: z.string() })),
  linkLifeTime: z.number().int(),
  /** Where the member can reactivate the account (the restore page). */
  actionLink: z.string(),
});
