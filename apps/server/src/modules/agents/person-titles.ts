import { and, eq, inArray } from 'drizzle-orm';
import { personTitleCodes } from '@club/contract/membership';
import type { Database } from '../../db/client.js';
import type { ContentCache } from '../content/content-cache.js';
import { dictionaryEntries } from '../content/schema.js';

/** English titles, for a language whose dictionary lacks `title.mr` and the others. */
const englishTitles: Record<(typeof personTitleCodes)[number], string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  dr: 'Dr',
};

/** Read by the server into the pages' `personTitles`, not sent as words. */
export const personTitleKeys = personTitleCodes.map((code) => `title.${code}`);

/**
 * The person titles of the registration and profile forms, in the page's
 * language (dictionary keys `title.mr`, `title.ms`, `title.mrs`, `title.dr`),
 * built once per content version. The locale must be a known one.
 */
export function personTitles(
  cache: ContentCache,
  db: Database,
  locale: { countryCode: string; languageCode: string },
): Promise<{ code: string; title: string }[]> {
  return cache.memo(`person-titles:${locale.countryCode}:${locale.languageCode}`, async () => {
    const rows = await db
      .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
      .from(dictionaryEntries)
      .where(
        and(
          eq(dictionaryEntries.countryCode, locale.countryCode),
          eq(dictionaryEntries.languageCode, locale.languageCode),
          inArray(dictionaryEntries.key, personTitleKeys),
        ),
      );
    const translated = new Map(rows.map((row) => [row.key, row.value]));
    return personTitleCodes.map((code) => ({
      code,
      title: translated.get(`title.${code}`) ?? englishTitles[code],
    }));
  });
}
