import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { StaffContentCountry, StaffLanguageContent } from '@club/contract/staff-content';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { mailTemplateNames, mailTextKeys } from '../mail/mail-templates.js';
import { contentStaffEdits, countries, countryLanguages } from '../content/schema.js';
import { templatePlaceholders } from './mail-template-rules.js';
import { readStoredLanguage } from './stored-content.js';

/** The countries a staff member may open (`null`: every one), with their languages. */
export async function contentCountries(
  db: Database,
  only: string[] | null,
): Promise<StaffContentCountry[]> {
  if (only !== null && only.length === 0) return [];
  const rows = await db
    .select({
      code: countries.code,
      name: countries.name,
      defaultLanguage: countries.defaultLanguageCode,
      subDomainDisabled: countries.subDomainDisabled,
    })
    .from(countries)
    .where(only === null ? undefined : inArray(countries.code, only))
    .orderBy(asc(countries.code));
  const languages = await db
    .select()
    .from(countryLanguages)
    .where(only === null ? undefined : inArray(countryLanguages.countryCode, only))
    .orderBy(asc(countryLanguages.countryCode), asc(countryLanguages.position));
  return rows.map((row) => ({
    ...row,
    languages: languages
      .filter((language) => language.countryCode === row.code)
      .map((language) => ({
        code: language.languageCode,
        nativeTitle: language.nativeTitle,
        isRtl: language.isRtl,
      })),
  }));
}

/** One language's content as the console edits it; 404 for a language the country lacks. */
export async function languageContent(
  db: Database,
  countryCode: string,
  languageCode: string,
): Promise<StaffLanguageContent> {
  const [language] = await db
    .select({ isRtl: countryLanguages.isRtl })
    .from(countryLanguages)
    .where(
      and(
        eq(countryLanguages.countryCode, countryCode),
        eq(countryLanguages.languageCode, languageCode),
      ),
    );
  if (language === undefined) throw notFound();
  const file = await readStoredLanguage(db, countryCode, languageCode);
  const edits = await db
    .select({
      path: contentStaffEdits.path,
      changedBy: contentStaffEdits.changedBy,
      changedAt: contentStaffEdits.changedAt,
    })
    .from(contentStaffEdits)
    .where(
      and(
        eq(contentStaffEdits.countryCode, countryCode),
        like(contentStaffEdits.path, `${countryCode}/${languageCode}/%`),
      ),
    )
    .orderBy(asc(contentStaffEdits.path));
  const otherTexts = Object.fromEntries(
    Object.entries(file.texts).filter(([key]) => !key.startsWith('mail.')),
  );
  return {
    countryCode,
    languageCode,
    isRtl: language.isRtl,
    menuItems: file.menuItems,
    headerAlerts: file.headerAlerts,
    headerImages: file.headerImages,
    dictionary: file.dictionary,
    texts: otherTexts,
    mailTemplates: mailTemplateNames.map((template) => {
      const [subject, text, html] = mailTextKeys(template).map((key) => file.texts[key] ?? '');
      return {
        template,
        subject: subject!,
        text: text!,
        html: html!,
        ...templatePlaceholders(template),
      };
    }),
    pages: file.pages,
    edits: edits.map((edit) => ({ ...edit, changedAt: new Date(edit.changedAt).toISOString() })),
  };
}
