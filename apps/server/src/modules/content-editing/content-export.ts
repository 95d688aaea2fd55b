import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countries } from '../content/schema.js';
import { storedGiftsFile } from '../gifts/catalogue/gift-export.js';
import { readStoredCountry } from './stored-content.js';

export class UnknownCountryError extends Error {
  override name = 'UnknownCountryError';
}

export type ContentExportSummary = { countries: string[]; files: string[] };

/**
 * `npm run content:export`: writes the database's content of the given
 * countries (every one when none is given) in the content files' format,
 * `countries/{code}/country.json` and `countries/{code}/{language}.json` under
 * `outDir`, with the country's gift catalogue (categories staff created or
 * renamed among them) as `gifts/{code}.json`, so that `npm run content:load`
 * of that folder changes nothing.
 * Read in one snapshot, so a staff edit committing meanwhile is in every file
 * or in none.
 */
export async function exportContent(
  db: Database,
  outDir: string,
  only: readonly string[] = [],
): Promise<ContentExportSummary> {
  const stored = await db.transaction(
    async (tx) => {
      const codes =
        only.length > 0
          ? [...only]
          : (
              await tx.select({ code: countries.code }).from(countries).orderBy(asc(countries.code))
            ).map((row) => row.code);
      const result = [];
      for (const code of codes) {
        const content = await readStoredCountry(tx, code);
        if (content === null) throw new UnknownCountryError(`No content for country "${code}"`);
        result.push({ ...content, gifts: await storedGiftsFile(tx, code) });
      }
      return result;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const files: string[] = [];
  for (const { country, languages, gifts } of stored) {
    const dir = join(outDir, 'countries', country.code);
    await mkdir(dir, { recursive: true });
    const write = async (name: string, value: unknown) => {
      await writeFile(join(dir, name), `${JSON.stringify(value, null, 2)}\n`, 'utf8');
      files.push(join('countries', country.code, name));
    };
    await write('country.json', country);
    for (const [languageCode, file] of languages) await write(`${languageCode}.json`, file);
    if (gifts !== null) {
      await mkdir(join(outDir, 'gifts'), { recursive: true });
      const name = join('gifts', `${country.code}.json`);
      await writeFile(join(outDir, name), `${JSON.stringify(gifts, null, 2)}\n`, 'utf8');
      files.push(name);
    }
  }
  return { countries: stored.map((item) => item.country.code), files };
}
