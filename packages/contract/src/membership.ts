import { z } from 'zod';
import {
  EmailSchema,
  NameSchema,
  NewPasswordSchema,
  NumbersOnlySchema,
  OldPasswordSchema,
  OfficeIdSchema,
  PhoneSchema,
  SignSchema,
  messages,
  storable,
  withPasswordRepeat,
} from './validation-rules.js';

/**
 * Membership payloads (spec 1 §3, §7): what the web app sends and what the
 * server answers. Bodies arrive form-encoded (spec 2 §9), so every value is a
 * string on the wire: booleans are `true`/`on`/`1`, absent or empty fields
 * are `""`. The `Wire` schemas below accept that form; the web forms validate
 * with the same field rules.
 */

/** A form-encoded checkbox: `true`, `on`, `1` are checked; anything else is not. */
export const FormBooleanSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === undefined || value === null ? '' : value), schema);

/** `01`…`31` or empty (birthday is optional). */
export const BirthdayDaySchema = z.string().regex(/^(?:|0[1-9]|[12]\d|3[01])$/, messages.pattern);
/** `01`…`12` or empty. */
export const BirthdayMonthSchema = z.string().regex(/^(?:|0[1-9]|1[0-2])$/, messages.pattern);

/** Titles a member can choose (spec 1 §2 step 5 "title (select from personTitles)"). */
export const personTitleCodes = ['mr', 'ms', 'mrs', 'dr'] as const;
export const PersonTitleSchema = z.enum(personTitleCodes, { error: messages.required });

/** Registration (spec 1 §2 step 5, §5 "Required on registration"). `sign` applies to AT only. */
export const RegistrationWireSchema = withPasswordRepeat(
  z.object({
    countryCode: z.string().regex(/^[a-zA-Z]{2}$/, messages.required),
    agreeWithConditions: FormBooleanSchema.refine((agreed) => agreed, messages.required),
    firstName: NameSchema,
    lastName: NameSchema,
    title: PersonTitleSchema,
    password: NewPasswordSchema,
    passwordRepeat: z.string().min(1, messages.required),
    officeId: OfficeIdSchema,
    email: EmailSchema,
    phone: optionalText(PhoneSchema),
    birthdayDay: optionalText(BirthdayDaySchema),
    birthdayMonth: optionalText(BirthdayMonthSchema),
    newsletter: FormBooleanSchema,
    sign: optionalText(z.union([z.literal(''), SignSchema])),
    /** Built client-side from the office's zip and address; the server uses its own directory. */
    address: optionalText(z.string().max(255, messages.maxLength)),
  }),
);
export type RegistrationWire = z.infer<typeof RegistrationWireSchema>;

/** Login (spec 1 §2 "Login"): number sent as username. A pattern failure reads 'Invalid Username or Password'. */
export const LoginWireSchema = z.object({
  username: z
    .string({ error: messages.invalidCredentials })
    .regex(/^\s*\d{1,20}\s*$/, messages.invalidCredentials)
    .transform((value) => value.trim()),
  password: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(255, messages.maxLength),
});
export type LoginWire = z.infer<typeof LoginWireSchema>;

/**
 * Profile update (spec 1 §2 "Profile update"): the editable fields; an empty
 * password keeps the old one. `oldPassword`, the member's current password,
 * is needed only for a new password or a new email (the server, which knows
 * the current email, decides; the spec's old-password rule checks its form).
 */
export const ProfileUpdateWireSchema = z
  .object({
    title: PersonTitleSchema,
    giftDeliveryAddress: optionalText(
      z.string().max(255, messages.maxLength).refine(storable, messages.pattern),
    ),
    phone: optionalText(PhoneSchema),
    email: EmailSchema,
    birthdayDay: optionalText(BirthdayDaySchema),
    birthdayMonth: optionalText(BirthdayMonthSchema),
    password: optionalText(z.union([z.literal(''), NewPasswordSchema])),
    passwordRepeat: optionalText(z.string()),
    oldPassword: optionalText(z.union([z.literal(''), OldPasswordSchema])),
    newsletter: FormBooleanSchema,
    sign: optionalText(z.union([z.literal(''), SignSchema])),
  })
  .refine((value) => value.password === value.passwordRepeat, {
    message: messages.passwordMismatch,
    path: ['passwordRepeat'],
  });
export type ProfileUpdateWire = z.infer<typeof ProfileUpdateWireSchema>;

/** Retrieve password and reconfirm: one email field. */
export const EmailOnlyWireSchema = z.object({ email: EmailSchema });

/** Restore account: email and member number (1 to 20 digits). */
export const RestoreWireSchema = z.object({ email: EmailSchema, number: NumbersOnlySchema });

/** Forgot password (set a new one through the emailed link). */
export const NewPasswordWireSchema = withPasswordRepeat(
  z.object({ password: NewPasswordSchema, passwordRepeat: z.string().min(1, messages.required) }),
);

/** Decision-maker notify: the agent's email, to be told when the office becomes active. */
export const EnrollNotifyWireSchema = z.object({ email: EmailSchema });

/** The office lookup answer (spec 1 §3 "Office data"). */
export const OfficeDataSchema = z.object({
  officeId: z.string(),
  fullName: z.string(),
  zip: z.string(),
  address: z.string(),
  isAmadeusDirectOffice: z.boolean(),
  active: z.boolean(),
});
export type OfficeData = z.infer<typeof OfficeDataSchema>;

/** The member as the API shows them (spec 1 §3 "User", profile fields). Never a password or hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  countryCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  birthdayDay: z.string(),
  birthdayMonth: z.string(),
  newsletter: z.boolean(),
  sign: z.string(),
  officeId: z.string(),
  agency: z.string(),
  address: z.string(),
  giftDeliveryAddress: z.string(),
  agentAcceptedTermsAndConditions: z.boolean(),
  isAmadeusDirectUser: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** Login and registration answer: the member, and a session token when they are logged in. */
export const SessionAnswerSchema = z.object({
  user: UserSchema,
  /** Null after a registration that still needs email confirmation (doubleOpt). */
  token: z.string().nullable(),
});
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/**
 * Session handover (not in the spec; its country follow, spec 1 §4, needs
 * it): a member signed in on another country's site gets a short-lived,
 * single-use code for the site of their own country, which that site
 * exchanges at once for a session of its own, so no token lives in a URL.
 */
export const HandoverCodeAnswerSchema = z.object({
  /** 32 random bytes, base64url: goes in the destination's address as `?handover=`. */
  code: z.string(),
  /** The member's country: the only site that may use the code. */
  countryCode: z.string(),
  /** That site's route prefix: `""` on its subdomain, `/cy` on the root site. */
  countryRoute: z.string(),
  expiresInSeconds: z.number().int(),
});
export type HandoverCodeAnswer = z.infer<typeof HandoverCodeAnswerSchema>;

/**
 * The exchange: the code and the country of the site that asks. Any code
 * that is not a live one of this country is refused alike (401), so its shape
 * is not checked here.
 */
export const HandoverExchangeWireSchema = z.object({
  code: z.string({ error: messages.required }).max(200, messages.maxLength),
  /** Read only on the root host, where it names a country whose site lives there (`/cy`). */
  countryCode: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, messages.pattern)
    .optional(),
});
