import { z } from 'zod';
import { menuAudiences } from './layout.js';
import { calendarDateProblem } from './calendar-date.js';
import { staffText } from './staff-fields.js';

/**
 * Content as staff edit it in the console (`/s2c/staff/v1/content/…`), and
 * the rules of each item. The content files (`content/countries/*`) are
 * checked by the same item schemas, so the console, its calls and
 * `npm run content:load` keep one set of rules.
 */

/** A header menu item: the page it opens, its title and who sees it. */
export const ContentMenuItemSchema = z.strictObject({
  pageName: z.string(),
  title: z.string(),
  audience: z.enum(menuAudiences).default('both'),
});
export type ContentMenuItem = z.infer<typeof ContentMenuItemSchema>;

export const alertTypes = ['warning', 'info', 'success', 'danger'] as const;
export type AlertType = (typeof alertTypes)[number];

const alertMoment = z.iso.datetime({ offset: true });

/**
 * When an alert starts or stops showing: a date-time with its offset
 * (`2026-12-01T06:00:00Z`, `2026-12-01T08:00:00+02:00`) of the club's years.
 */
export const AlertMomentSchema = z.string().superRefine((value, context) => {
  if (!alertMoment.safeParse(value).success) {
    context.addIssue({
      code: 'custom',
      message: 'A date and time with its offset (2026-12-01T06:00:00Z)',
    });
  } else if (calendarDateProblem(new Date(value).toISOString().slice(0, 10)) !== null) {
    context.addIssue({ code: 'custom', message: 'A time from 1900 to 2199' });
  }
});

/**
 * A service notice above the page; `hash` is its short stable id, `text` HTML.
 * `startsAt` and `endsAt` bound when members and guests see it (either may be
 * absent or null: from now on, until taken down).
 */
export const HeaderAlertSchema = z.strictObject({
  hash: z.string().min(1),
  type: z.enum(alertTypes).default('warning'),
  text: z.string(),
  startsAt: AlertMomentSchema.nullable().optional(),
  endsAt: AlertMomentSchema.nullable().optional(),
});
export type HeaderAlert = z.infer<typeof HeaderAlertSchema>;

/** An alert's window: it ends after it starts. The message for `endsAt`, or undefined. */
export function alertWindowProblem(alert: {
  startsAt?: string | null;
  endsAt?: string | null;
}): string | undefined {
  if (alert.startsAt == null || alert.endsAt == null) return undefined;
  const starts = Date.parse(alert.startsAt);
  const ends = Date.parse(alert.endsAt);
  if (Number.isNaN(starts) || Number.isNaN(ends)) return undefined;
  return ends > starts ? undefined : 'The end comes after the start';
}

/** Adds the window's problem to `endsAt` of a schema's value (a refinement). */
export const checkAlertWindow = (
  alert: { startsAt?: string | null; endsAt?: string | null },
  context: z.RefinementCtx,
) => {
  const problem = alertWindowProblem(alert);
  if (problem !== undefined)
    context.addIssue({ code: 'custom', message: problem, path: ['endsAt'] });
};

/** Whether an alert shows at a moment (epoch ms): inside its window, the end not included. */
export function alertShowsAt(
  alert: { startsAt?: string | null; endsAt?: string | null },
  at: number,
): boolean {
  return (
    (alert.startsAt == null || Date.parse(alert.startsAt) <= at) &&
    (alert.endsAt == null || at < Date.parse(alert.endsAt))
  );
}

/** A banner slide in its three sizes. */
export const HeaderImageSchema = z.strictObject({
  url: z.string().nullable().default(null),
  target: z.enum(['_self', '_blank']).default('_self'),
  image: z.string(),
  imageMobile: z.string(),
  imageMacbook: z.string(),
  alt: z.string(),
});
export type HeaderImage = z.infer<typeof HeaderImageSchema>;

export const FaqItemSchema = z.strictObject({
  number: z.number().int(),
  title: z.string(),
  text: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

/** A page of a language: title, HTML text before and after the screen, FAQ items. */
export const PageContentSchema = z.strictObject({
  title: z.string(),
  text: z.string().default(''),
  postText: z.string().default(''),
  faqItems: z.array(FaqItemSchema).default([]),
});
export type PageContent = z.infer<typeof PageContentSchema>;

/** Keys of dictionary words, texts and pages, and alert hashes, as they appear in a path. */
export const ContentKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/, 'Letters, digits, dots and dashes');

const LanguageCodeSchema = z.string().regex(/^[a-z]{3}$/, 'A three-letter language code');

/** The longest text a field takes (a page text with its markup). */
const maxText = 50_000;

// --- Answers ---------------------------------------------------------------

/** A country staff may open, with its languages in the switcher's order. */
export const StaffContentCountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  defaultLanguage: z.string(),
  /** Its site is the root site under `/{code}` rather than its subdomain. */
  subDomainDisabled: z.boolean(),
  languages: z.array(z.object({ code: z.string(), nativeTitle: z.string(), isRtl: z.boolean() })),
});
export type StaffContentCountry = z.infer<typeof StaffContentCountrySchema>;

/** A mail template of a language: its three texts and the placeholders it may use. */
export const StaffMailTemplateSchema = z.object({
  template: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Every placeholder it may use (`{{link}}`). */
  placeholders: z.array(z.string()),
  /** Links it must carry in the text and as `href="{{…}}"` in the HTML. */
  links: z.array(z.string()),
});
export type StaffMailTemplate = z.infer<typeof StaffMailTemplateSchema>;

/** A part staff changed since the files were last loaded: the import keeps it. */
export const StaffContentEditSchema = z.object({
  /** `gr/ell/menu`, `gr/ell/dictionary/home.title`, `gr/ell/pages/faq`, … */
  path: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type StaffContentEdit = z.infer<typeof StaffContentEditSchema>;

/** `GET /s2c/staff/v1/content/{countryCode}/{languageCode}`: one language's content to edit. */
export const StaffLanguageContentSchema = z.object({
  countryCode: z.string(),
  languageCode: z.string(),
  isRtl: z.boolean(),
  menuItems: z.array(ContentMenuItemSchema),
  headerAlerts: z.array(HeaderAlertSchema),
  headerImages: z.array(HeaderImageSchema),
  dictionary: z.record(z.string(), z.string()),
  /** Texts by key, the mail templates' texts aside. */
  texts: z.record(z.string(), z.string()),
  mailTemplates: z.array(StaffMailTemplateSchema),
  pages: z.record(z.string(), PageContentSchema),
  edits: z.array(StaffContentEditSchema),
});
export type StaffLanguageContent = z.infer<typeof StaffLanguageContentSchema>;

/** What a change answers: the content version it published. */
export const ContentPublishedSchema = z.object({ version: z.number().int() });
export type ContentPublished = z.infer<typeof ContentPublishedSchema>;

/**
 * What a mail template's change answers: the version, and what was taken out
 * of its HTML (tags, attributes, links and images a mail may not carry), in
 * words for the editor; empty when nothing was.
 */
export const MailTemplatePublishedSchema = ContentPublishedSchema.extend({
  removed: z.array(z.string()),
});
export type MailTemplatePublished = z.infer<typeof MailTemplatePublishedSchema>;

// --- Changes ---------------------------------------------------------------

/** `PUT …/menu`: the whole menu in its new order (add, edit, remove and reorder in one). */
export const MenuItemsBodySchema = z.object({
  items: z
    .array(
      ContentMenuItemSchema.extend({
        pageName: ContentKeySchema,
        title: staffText().trim().min(1, 'Enter a title').max(200),
      }),
    )
    .max(40),
});
export type MenuItemsBody = z.infer<typeof MenuItemsBodySchema>;

/** `PUT …/alerts`: the language's alerts in their new order. */
export const HeaderAlertsBodySchema = z.object({
  items: z
    .array(
      HeaderAlertSchema.extend({
        hash: ContentKeySchema,
        text: staffText().trim().min(1, 'Enter the text').max(maxText),
      }).superRefine(checkAlertWindow),
    )
    .max(20),
});
export type HeaderAlertsBody = z.infer<typeof HeaderAlertsBodySchema>;

/** `PUT …/banners`: the language's banner slides in their new order. */
export const HeaderImagesBodySchema = z.object({
  items: z
    .array(
      HeaderImageSchema.extend({
        image: staffText().trim().min(1, 'Enter the image address').max(500),
        imageMobile: staffText().trim().min(1, 'Enter the image address').max(500),
        imageMacbook: staffText().trim().min(1, 'Enter the image address').max(500),
        alt: staffText().max(300),
        url: staffText().trim().max(500).nullable().default(null),
      }),
    )
    .max(20),
});
export type HeaderImagesBody = z.infer<typeof HeaderImagesBodySchema>;

/** `PUT …/dictionary/{key}` and `PUT …/texts/{key}`. */
export const ContentWordBodySchema = z.object({ value: staffText().max(maxText) });
export type ContentWordBody = z.infer<typeof ContentWordBodySchema>;

/** `PUT …/pages/{name}`: the page's texts; FAQ items are replaced when sent, kept when left out. */
export const PageBodySchema = z.object({
  title: staffText().trim().min(1, 'Enter a title').max(200),
  text: staffText().max(maxText).default(''),
  postText: staffText().max(maxText).default(''),
  faqItems: z
    .array(
      FaqItemSchema.extend({
        number: z.coerce.number().int().min(0).max(10_000),
        title: staffText().trim().min(1, 'Enter the question').max(500),
        text: staffText().max(maxText),
      }),
    )
    .max(200)
    .optional(),
});
export type PageBody = z.infer<typeof PageBodySchema>;

/** `PUT …/mail-templates/{template}`: the placeholders are checked against the template's. */
export const MailTemplateBodySchema = z.object({
  subject: staffText()
    .trim()
    .min(1, 'Enter the subject')
    .max(300)
    .regex(/^[^\r\n]*$/, 'One line'),
  text: staffText().trim().min(1, 'Enter the text').max(maxText),
  html: staffText().trim().min(1, 'Enter the HTML').max(maxText),
});
export type MailTemplateBody = z.infer<typeof MailTemplateBodySchema>;

/**
 * What a test mail answers: where it was sent (the staff member's own
 * address) and what was taken out of its HTML, as a save would.
 */
export const TestMailSentSchema = z.object({ sentTo: z.string(), removed: z.array(z.string()) });
export type TestMailSent = z.infer<typeof TestMailSentSchema>;

/**
 * `POST /s2c/staff/v1/content/{countryCode}/alerts`: one alert in every
 * language of the country, published together (`texts` by language code).
 */
export const CountryAlertBodySchema = z
  .object({
    hash: ContentKeySchema,
    type: z.enum(alertTypes).default('warning'),
    texts: z.record(LanguageCodeSchema, staffText().trim().min(1, 'Enter the text').max(maxText)),
    /** When members and guests start seeing it; null or absent: at once. */
    startsAt: AlertMomentSchema.nullable().default(null),
    /** When they stop seeing it (the text stays, to publish again); null or absent: until taken down. */
    endsAt: AlertMomentSchema.nullable().default(null),
  })
  .superRefine(checkAlertWindow);
export type CountryAlertBody = z.infer<typeof CountryAlertBodySchema>;
