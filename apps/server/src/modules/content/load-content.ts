import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { readContentFolder, type CountryContent } from './read-content-folder.js';
import {
  contentVersion,
  countries,
  countryLanguages,
  dictionaryEntries,
  faqItems,
  headerAlerts,
  headerImages,
  menuItems,
  pages,
  texts,
} from './schema.js';

export type ContentLoadSummary = {
  countries: string[];
  version: number;
};

/** Reads and validates the content folder, then replaces the content of every country in it. */
export async function loadContent(db: Database, contentDir: string): Promise<ContentLoadSummary> {
  const content = await readContentFolder(contentDir);
  return writeContent(db, content);
}

/** Any fixed number, distinct from the migration lock's. */
const CONTENT_LOAD_LOCK_KEY = 4_242_002;

/**
 * One transaction: readers never see half a load, and loading the same files
 * twice leaves the same rows (only the version moves). Countries that are not
 * in the folder are left as they are, since later data may refer to them.
 */
export async function writeContent(
  db: Database,
  content: CountryContent[],
): Promise<ContentLoadSummary> {
  return db.transaction(async (tx) => {
    await lockContent(tx);
    for (const item of content) await replaceCountry(tx, item);
    const version = await publishContent(tx);
    return { countries: content.map((item) => item.country.code), version };
  });
}

/**
 * One change of content at a time (loads, imports, staff edits), e.g. when
 * several servers start on an empty database; held until the transaction ends.
 */
export async function lockContent(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOAD_LOCK_KEY})`);
}

/**
 * Bumps the content version in the caller's transaction: every server
 * process's cache sees the change within its revalidation interval (a second).
 */
export async function publishContent(tx: Transaction): Promise<number> {
  const [row] = await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, loadedAt: sql`now()` },
    })
    .returning({ version: contentVersion.version });
  return row?.version ?? 1;
}

export async function replaceCountry(
  tx: Transaction,
  { country, languages }: CountryContent,
): Promise<void> {
  const values = {
    name: country.name,
    defaultLanguageCode: country.defaultLanguage,
    subDomainDisabled: country.subDomainDisabled,
    decisionMakerOptIn: country.decisionMakerOptIn,
    doubleOpt: country.doubleOpt,
    menuHidden: country.menuHidden,
    languageSelectHidden: country.languageSelectHidden,
    contactUsEmail: country.contactUsEmail,
    amadeusDirectUrlToRedirect: country.amadeusDirectUrlToRedirect,
    privacyPolicyUrl: country.privacyPolicyUrl,
    phoneCode: country.phoneCode,
    phoneExample: country.phoneExample,
    paramsRoute: country.paramsRoute,
    termsVersion: country.termsVersion,
    memberBanner: country.memberBanner,
    taxFields: country.taxFields,
  };
  // Upsert, not delete: other tables of later modules may refer to the country.
  await tx
    .insert(countries)
    .values({ code: country.code, ...values })
    .onConflictDoUpdate({ target: countries.code, set: values });
  // Deleting the languages cascades to every per-language table.
  await tx.delete(countryLanguages).where(eq(countryLanguages.countryCode, country.code));
  await tx.insert(countryLanguages).values(
    country.languages.map((language, position) => ({
      countryCode: country.code,
      languageCode: language.code,
      nativeTitle: language.nativeTitle,
      shortCode: language.shortCode,
      isRtl: language.isRtl,
      position,
    })),
  );

  for (const [languageCode, file] of languages) {
    const locale = { countryCode: country.code, languageCode };
    const dictionary = Object.entries(file.dictionary);
    if (dictionary.length > 0) {
      await tx
        .insert(dictionaryEntries)
        .values(dictionary.map(([key, value]) => ({ ...locale, key, value })));
    }
    if (file.menuItems.length > 0) {
      await tx
        .insert(menuItems)
        .values(file.menuItems.map((item, position) => ({ ...locale, position, ...item })));
    }
    if (file.headerAlerts.length > 0) {
      await tx.insert(headerAlerts).values(
        file.headerAlerts.map((alert, position) => ({
          ...locale,
          position,
          ...alert,
          startsAt: alert.startsAt == null ? null : new Date(alert.startsAt),
          endsAt: alert.endsAt == null ? null : new Date(alert.endsAt),
        })),
      );
    }
    if (file.headerImages.length > 0) {
      await tx
        .insert(headerImages)
        .values(file.headerImages.map((image, position) => ({ ...locale, position, ...image })));
    }
    const textEntries = Object.entries(file.texts);
    if (textEntries.length > 0) {
      await tx.insert(texts).values(textEntries.map(([key, value]) => ({ ...locale, key, value })));
    }
    const pageEntries = Object.entries(file.pages);
    if (pageEntries.length > 0) {
      await tx.insert(pages).values(
        pageEntries.map(([name, page]) => ({
          ...locale,
          name,
          title: page.title,
          text: page.text,
          postText: page.postText,
        })),
      );
      const faq = pageEntries.flatMap(([name, page]) =>
        page.faqItems.map((item, position) => ({ ...locale, pageName: name, position, ...item })),
      );
      if (faq.length > 0) await tx.insert(faqItems).values(faq);
    }
  }
}
