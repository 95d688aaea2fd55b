import { z } from 'zod';
import { TaxFieldListSchema } from '@club/contract/tax-details';
import { memberBannerSizes } from '@club/contract/layout';
import {
  ContentMenuItemSchema,
  checkAlertWindow,
  HeaderAlertSchema,
  HeaderImageSchema,
  PageContentSchema,
} from '@club/contract/staff-content';
import { PhoneSchema } from '@club/contract/validation-rules';

/**
 * The format of the demo content under `content/` (see docs/content.md):
 *
 *   content/countries/{code}/country.json      CountryFileSchema
 *   content/countries/{code}/{language}.json   LanguageFileSchema (one per language of the country)
 *   content/media/…                             images, served under /media/
 *
 * The items of a language file (menu items, alerts, slides, pages) follow
 * the staff console's item schemas (`@club/contract/staff-content`): one set
 * of rules for the files and the console. HTML fields are stored as the
 * editors wrote them; the web app sanitises them before they reach the DOM.
 */
export const CountryFileSchema = z.strictObject({
  code: z.string().regex(/^[a-z]{2}$/),
  name: z.string().min(1),
  defaultLanguage: z.string().regex(/^[a-z]{3}$/),
  languages: z
    .array(
      z.strictObject({
        code: z.string().regex(/^[a-z]{3}$/),
        nativeTitle: z.string().min(1),
        /** Two-letter code for `<html lang>`. */
        shortCode: z.string().regex(/^[a-z]{2}$/),
        isRtl: z.boolean().default(false),
      }),
    )
    .min(1),
  subDomainDisabled: z.boolean().default(false),
  decisionMakerOptIn: z.boolean().default(false),
  doubleOpt: z.boolean().default(false),
  menuHidden: z.boolean().default(false),
  languageSelectHidden: z.boolean().default(false),
  contactUsEmail: z.string().email().nullable().default(null),
  amadeusDirectUrlToRedirect: z.string().url().nullable().default(null),
  /** The footer's privacy-policy link: an http(s) address, or a path of the club (`/privacy-policy`). */
  privacyPolicyUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)/)
    .nullable()
    .default(null),
  /** The country's dialling code, the phone field's hint: `+43`. */
  phoneCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .nullable()
    .default(null),
  /** A phone number of the country as members write it, the field's placeholder and its message's example. */
  phoneExample: PhoneSchema.pipe(z.string().min(1)).nullable().default(null),
  /** Query parameter names that the language switcher keeps. */
  paramsRoute: z.array(z.string()).default([]),
  /**
   * The version of the country's terms and conditions. Publishing new terms
   * means a new value: every member of the country meets the terms gate until
   * they accept it.
   */
  termsVersion: z.string().trim().min(1).max(40).default('1'),
  /** The header banner while a member is logged in: `full`, `small` or `none`. */
  memberBanner: z.enum(memberBannerSizes).default('full'),
  /**
   * The tax details members send to unlock ordering: each field's name (its
   * label is the dictionary word `taxDetails.field.{name}`), kind, pattern,
   * example, length; none: a tax number and a tax office.
   */
  taxFields: TaxFieldListSchema.default([]),
});
export type CountryFile = z.infer<typeof CountryFileSchema>;

export const LanguageFileSchema = z.strictObject({
  /** Short names for the calendar and other UI words: `day.mo`…`day.su`, `month.jan`…`month.dec`, … */
  dictionary: z.record(z.string(), z.string()).default({}),
  /** `audience`: who sees the item (`guest`, `member`, `both`); `both` when left out. */
  menuItems: z.array(ContentMenuItemSchema).default([]),
  /** `startsAt`, `endsAt`: when the alert shows (date-times with their offset; either left out: no bound). */
  headerAlerts: z.array(HeaderAlertSchema.superRefine(checkAlertWindow)).default([]),
  headerImages: z.array(HeaderImageSchema).default([]),
  /** Texts by key (`GET /s2c/content/v1/texts?key=`): agencyOptIn, subscribe, agencySuccessfullyOptIn, … */
  texts: z.record(z.string(), z.string()).default({}),
  pages: z.record(z.string(), PageContentSchema).default({}),
});
export type LanguageFile = z.infer<typeof LanguageFileSchema>;
