import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jsonArray, readColumns, type ColumnRead } from '../../db/columns.js';
import { formattingLocale } from '@club/contract/locale-tag';
import { sanitiseMailHtml, type MailLinkHosts } from './mail-html.js';
import { fillTemplate, type TemplateFormat } from './template-text.js';

/**
 * The mails of the club and the variables each needs. Their words are
 * content: texts `mail.<template>.subject`, `.text` and `.html` in every
 * language file of `content/countries/*`, with `{{variable}}` placeholders.
 */
export const mailTemplates = {
  'confirm-email': ['link', 'number'],
  'already-active': ['loginLink'],
  'reset-password': ['link', 'firstName', 'number'],
  /** The member number, asked for by email on "Forgot your member number?". */
  'member-number': ['number', 'loginLink'],
  'delete-account': ['link', 'linkLifeTime'],
  'restore-account': ['link'],
  'account-restored': ['loginLink'],
  'email-change-confirm': ['link', 'newEmail'],
  'email-change-requested': ['newEmail', 'support'],
  /** To the owner of an address another member asked for: nothing changed, no link was sent. */
  'email-address-in-use': ['support'],
  'password-changed': ['support'],
  'decision-maker-request': ['officeId', 'agencyName', 'agentName', 'link'],
  'agency-active': ['officeId', 'registrationLink'],
  'agency-opted-in': ['officeId', 'agencyName', 'link'],
  'agency-opted-out': ['officeId', 'agencyName', 'link'],
  'points-expiry': ['points', 'date', 'days', 'link'],
  'order-failed': ['orderId', 'points', 'reason', 'link'],
  'order-confirmation': ['orderId', 'points', 'gifts', 'link'],
  'order-fulfilled': ['orderId', 'gifts', 'vouchers', 'link'],
  /** Staff confirmed the member's tax details: ordering is unlocked (link: the gift list). */
  'tax-details-confirmed': ['link'],
  /** Staff refused them, with the reason; the member sends them again from the gift list. */
  'tax-details-refused': ['reason', 'link'],
  /** Staff approved a missing-points claim: the points credited and why (link: the points page). */
  'claim-approved': ['pnr', 'points', 'reason', 'link'],
  /** Staff rejected a missing-points claim, with the reason. */
  'claim-rejected': ['pnr', 'reason', 'link'],
} as const satisfies Record<string, readonly string[]>;

export type MailTemplateName = keyof typeof mailTemplates;

/** Variables a template may use besides its required ones (the member's greeting). */
export const optionalMailVariables = ['firstName'] as const;

export const mailTemplateNames = Object.keys(mailTemplates) as MailTemplateName[];

export const mailTextKeys = (template: MailTemplateName) =>
  (['subject', 'text', 'html'] as const).map((part) => `mail.${template}.${part}`);

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The club's hosts, for the HTML of every mail made (mail-html.ts): set once
 * when the mail module is set up. Until then only the link placeholders stay
 * links and no image stays.
 */
let linkHosts: MailLinkHosts | undefined;
/** Templates as sanitised, by their stored HTML: a template is read far more often than it changes. */
const sanitisedTemplates = new Map<string, string>();
const SANITISED_TEMPLATES_KEPT = 500;

export function useMailLinkHosts(hosts: MailLinkHosts): void {
  linkHosts = { publicBaseUrl: hosts.publicBaseUrl, publicRootDomain: hosts.publicRootDomain };
  sanitisedTemplates.clear();
}

/** A template's HTML as the club sends it, whatever was stored. */
function safeTemplateHtml(html: string): string {
  const known = sanitisedTemplates.get(html);
  if (known !== undefined) return known;
  const safe = sanitiseMailHtml(html, linkHosts).html;
  if (sanitisedTemplates.size >= SANITISED_TEMPLATES_KEPT) sanitisedTemplates.clear();
  sanitisedTemplates.set(html, safe);
  return safe;
}

export type MailInput = {
  template: MailTemplateName;
  countryCode: string;
  languageCode: string;
  variables: Readonly<Record<string, string>>;
};

export class MailTemplateError extends Error {
  override name = 'MailTemplateError';
}

/** A template's words in one language, ready to fill with variables without the database. */
export type MailTemplateWords = {
  template: MailTemplateName;
  fill(variables: Readonly<Record<string, string>>): RenderedMail;
};

/**
 * Renders a mail in the member's language; a language without the template
 * falls back to the country's default language. The template's HTML is
 * sanitised first (mail-html.ts), whoever wrote it. Reads through the caller's
 * transaction, so it sees the content the change it belongs to sees.
 */
export async function renderMail(db: Database, input: MailInput): Promise<RenderedMail> {
  return (await mailTemplateWords(db, input)).fill(input.variables);
}

/**
 * Reads a template's words for a member's country and language, so that a
 * caller can read them before it takes its locks and fill them inside
 * (gift orders).
 */
export async function mailTemplateWords(
  db: Database,
  input: Omit<MailInput, 'variables'>,
): Promise<MailTemplateWords> {
  return (await readColumns(db, { words: mailTemplateWordsColumn(input) })).words;
}

type TemplateText = {
  languageCode: string;
  key: string;
  value: string;
  isRtl: boolean | null;
  shortCode: string | null;
};

/**
 * `mailTemplateWords` as a column of another statement: a gift order reads
 * its confirmation's words with its other reads. The country's default
 * language, the texts of both languages and each language's script.
 */
export function mailTemplateWordsColumn(
  input: Omit<MailInput, 'variables'>,
): ColumnRead<MailTemplateWords> {
  const keys = mailTextKeys(input.template);
  return {
    sql: sql`select json_build_object(
      'defaultLanguageCode', c.default_language_code,
      'texts', (select json_agg(json_build_object(
          'languageCode', t.language_code, 'key', t.key, 'value', t.value,
          'isRtl', l.is_rtl, 'shortCode', l.short_code))
        from texts t
        left join country_languages l
          on l.country_code = t.country_code and l.language_code = t.language_code
        where t.country_code = c.code
          and t.language_code in (${input.languageCode}, c.default_language_code)
          and t.key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})))
      from countries c where c.code = ${input.countryCode}`,
    decode: (value) => {
      const country = value as { defaultLanguageCode: string; texts: TemplateText[] | null } | null;
      if (country === null) throw new MailTemplateError(`Unknown country ${input.countryCode}`);
      return wordsOf(input, keys, country.defaultLanguageCode, jsonArray(country.texts));
    },
  };
}

function wordsOf(
  input: Omit<MailInput, 'variables'>,
  keys: string[],
  defaultLanguageCode: string,
  rows: TemplateText[],
): MailTemplateWords {
  const languages = [input.languageCode, defaultLanguageCode];
  const languageCode = languages.find((code) =>
    keys.every((key) => rows.some((row) => row.languageCode === code && row.key === key)),
  );
  if (languageCode === undefined) {
    throw new MailTemplateError(
      `Mail ${input.template} has no texts in ${input.countryCode}/${input.languageCode}`,
    );
  }
  const part = (key: string) =>
    rows.find((row) => row.languageCode === languageCode && row.key === key)!.value;
  const [subjectKey, textKey, htmlKey] = keys as [string, string, string];
  const written = rows.find((row) => row.languageCode === languageCode)!;
  const language =
    written.shortCode === null
      ? undefined
      : { isRtl: written.isRtl!, shortCode: written.shortCode };
  // Plural forms and dates follow the language the mail is written in.
  const locale = formattingLocale(language?.shortCode ?? 'en', input.countryCode);
  return {
    template: input.template,
    fill(variables) {
      const missing = mailTemplates[input.template].filter(
        (name) => !Object.hasOwn(variables, name),
      );
      if (missing.length > 0) {
        throw new MailTemplateError(`Mail ${input.template} needs ${missing.join(', ')}`);
      }
      const fill = (key: string, format: TemplateFormat) =>
        fillTemplate(
          format === 'html' ? safeTemplateHtml(part(key)) : part(key),
          variables,
          format,
          locale,
        );
      const body = fill(htmlKey, 'html');
      return {
        subject: fill(subjectKey, 'subject').trim(),
        text: fill(textKey, 'text'),
        html: htmlDocument(body, language?.shortCode ?? 'en', language?.isRtl ?? false),
      };
    },
  };
}

/** A minimal document around the content's HTML, right to left where the language is. */
function htmlDocument(body: string, lang: string, isRtl: boolean): string {
  const dir = isRtl ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"></head><body dir="${dir}">${body}</body></html>`;
}

/**
 * A template's words as given rather than stored (a draft in the console, for
 * a test mail), filled as a stored template is: the HTML sanitised and put in
 * its document, in the language's script and plural forms.
 */
export function fillMailParts(
  parts: { subject: string; text: string; html: string },
  variables: Readonly<Record<string, string>>,
  language: { shortCode: string; isRtl: boolean },
  countryCode: string,
): RenderedMail {
  const locale = formattingLocale(language.shortCode, countryCode);
  return {
    subject: fillTemplate(parts.subject, variables, 'subject', locale).trim(),
    text: fillTemplate(parts.text, variables, 'text', locale),
    html: htmlDocument(
      fillTemplate(safeTemplateHtml(parts.html), variables, 'html', locale),
      language.shortCode,
      language.isRtl,
    ),
  };
}
