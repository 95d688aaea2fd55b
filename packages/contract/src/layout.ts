import { z } from 'zod';
import type { NumberSymbols } from './number-format.js';
import type { Earning } from './earning.js';

/** Who sees a menu item (not in the spec): guests, members or both. */
export const menuAudiences = ['guest', 'member', 'both'] as const;
export type MenuAudience = (typeof menuAudiences)[number];

export const MenuItemSchema = z.object({
  pageName: z.string(),
  title: z.string(),
  /** Items without one are for everyone, as before audiences existed. */
  audience: z.enum(menuAudiences).default('both'),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const LanguageOptionSchema = z.object({
  code: z.string(),
  nativeTitle: z.string(),
  isCurrent: z.boolean(),
});

export const HeaderAlertSchema = z.object({
  hash: z.string(),
  /** Bootstrap-like alert kind; spec 1 §3 "type (default warning)". */
  type: z.enum(['warning', 'info', 'success', 'danger']).default('warning'),
  /** May contain HTML; sanitised and link-rewritten by the web app. */
  text: z.string(),
});
export type HeaderAlert = z.infer<typeof HeaderAlertSchema>;

/** One slide of the header banner (spec 1 §2 "Header banner"). */
export const HeaderImageSchema = z.object({
  url: z.string().nullable(),
  target: z.enum(['_self', '_blank']).default('_self'),
  image: z.string(),
  imageMobile: z.string(),
  imageMacbook: z.string(),
  alt: z.string(),
});
export type HeaderImage = z.infer<typeof HeaderImageSchema>;

/**
 * The header banner on members' pages (not in the spec; it keeps the balance
 * on a phone's first screen): `full` as for guests, `small` a low strip, `none`.
 */
export const memberBannerSizes = ['full', 'small', 'none'] as const;
export type MemberBanner = (typeof memberBannerSizes)[number];

/** The fields of number-format.ts's NumberSymbols, which the schema must match. */
const NumberSymbolsSchema = z.object({
  digits: z.string(),
  group: z.string(),
  minusSign: z.string(),
  primaryGroupSize: z.number().int(),
  secondaryGroupSize: z.number().int(),
  minimumGroupingDigits: z.number().int(),
}) satisfies z.ZodType<NumberSymbols>;

/** The points an OK segment earns, by kind: the base earning rules in force, and running campaigns. */
const EarningSchema = z.object({
  segmentPoints: z.object({
    air: z.number().int(),
    hotel: z.number().int(),
    car: z.number().int(),
    rail: z.number().int(),
  }),
  creditLifetimeYears: z.number().int(),
  campaigns: z
    .array(
      z.object({
        name: z.string(),
        segmentTypes: z.array(z.enum(['air', 'hotel', 'car', 'rail'])),
        multiplier: z.number().nullable(),
        points: z.number().int().nullable(),
        to: z.string().nullable(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<Earning>;

/** The layout answer of `GET /s2c/content/v1/layout/` (spec 1 §3, spec 2 §3). */
export const LayoutSchema = z.object({
  countryCode: z.string(),
  languageCode: z.string(),
  /** Two-letter language code for `<html lang>`, e.g. `el` (combined with the country: `el-GR`). */
  languageShortCode: z.string(),
  /** `/{code}` for a country whose subdomain is disabled (its site is the root site under it); `""` on its own subdomain. */
  countryRoute: z.string(),
  isRtl: z.boolean(),
  languages: z.array(LanguageOptionSchema),
  currentLanguageNativeTitle: z.string(),
  /** Names of the query parameters that links of the language switcher keep. */
  paramsRoute: z.array(z.string()),
  menuItems: z.array(MenuItemSchema),
  menuHidden: z.boolean(),
  languageSelectHidden: z.boolean(),
  contactUsEmail: z.string().nullable(),
  amadeusDirectUrlToRedirect: z.string().nullable(),
  /**
   * Where the footer's privacy-policy link goes (not in the spec's field list;
   * spec 1 §2 calls the link external): an http(s) address opens outside the
   * club, a path stays in the app. Absent or null: the club's privacy-policy page.
   */
  privacyPolicyUrl: z.string().nullable().optional(),
  /**
   * A phone number of the country (`+43 6641234567`): the phone field's
   * placeholder and the example of its `validation.phone` message. Absent or
   * null: the message's default example.
   */
  phoneExample: z.string().nullable().optional(),
  headerAlerts: z.array(HeaderAlertSchema),
  /** The banner while a member is logged in (absent: `full`). */
  memberBanner: z.enum(memberBannerSizes).optional(),
  headerImagesSrcSet: z.array(HeaderImageSchema),
  dictionary: z.record(z.string(), z.string()),
  subDomainDisabled: z.boolean(),
  decisionMakerOptIn: z.boolean(),
  doubleOpt: z.boolean(),
  /** The country's default language: it is served without a language prefix. */
  defaultLanguageCode: z.string(),
  /**
   * How whole numbers are written in this language and country (not in the
   * spec): the web app formats points with them instead of Intl (number-format.ts).
   * Absent from the fallback layout, which writes plain numbers.
   */
  numberSymbols: NumberSymbolsSchema.optional(),
  /**
   * How members earn in this country (not in the spec's field list; spec 2 §1
   * gives the figures): the points of each segment kind, which the server
   * may set per country, and how many years credited points live. The
   * booking remark card shows them. Absent from the fallback layout.
   */
  earning: EarningSchema.optional(),
});
export type Layout = z.infer<typeof LayoutSchema>;
