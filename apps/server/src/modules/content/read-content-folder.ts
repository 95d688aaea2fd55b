import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import {
  CountryFileSchema,
  LanguageFileSchema,
  type CountryFile,
  type LanguageFile,
} from './content-files.js';

export type CountryContent = {
  country: CountryFile;
  /** One file per language of the country, keyed by language code. */
  languages: Map<string, LanguageFile>;
};

/** A content file that cannot be used; the message names the file and the field. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

/**
 * Reads `countries/{code}/country.json` and `countries/{code}/{language}.json`
 * under the content folder and validates every file. Nothing is written: a bad
 * file stops the load before the database is touched.
 */
export async function readContentFolder(contentDir: string): Promise<CountryContent[]> {
  const countriesDir = join(contentDir, 'countries');
  const entries = await readdir(countriesDir, { withFileTypes: true }).catch((error: unknown) => {
    throw new ContentFileError(
      `${countriesDir}: cannot read the content folder (${String(error)})`,
    );
  });
  const codes = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const result: CountryContent[] = [];
  for (const code of codes) result.push(await readCountry(contentDir, code));
  return result;
}

async function readCountry(contentDir: string, code: string): Promise<CountryContent> {
  const dir = join(contentDir, 'countries', code);
  const countryPath = join(dir, 'country.json');
  const country = await readJsonFile(contentDir, countryPath, CountryFileSchema);
  const name = relative(contentDir, countryPath);
  if (country.code !== code) {
    throw new ContentFileError(
      `${name}: code: "${country.code}" does not match the folder name "${code}"`,
    );
  }
  const languageCodes = country.languages.map((language) => language.code);
  if (new Set(languageCodes).size !== languageCodes.length) {
    throw new ContentFileError(`${name}: languages: a language is listed twice`);
  }
  if (!languageCodes.includes(country.defaultLanguage)) {
    throw new ContentFileError(
      `${name}: defaultLanguage: "${country.defaultLanguage}" is not one of the country's languages`,
    );
  }
  const files = (await readdir(dir)).filter(
    (file) => file.endsWith('.json') && file !== 'country.json',
  );
  for (const file of files) {
    if (!languageCodes.includes(file.slice(0, -'.json'.length))) {
      throw new ContentFileError(
        `${relative(contentDir, join(dir, file))}: not a language of the country (languages: ${languageCodes.join(', ')})`,
      );
    }
  }
  const languages = new Map<string, LanguageFile>();
  for (const languageCode of languageCodes) {
    const path = join(dir, `${languageCode}.json`);
    languages.set(languageCode, await readJsonFile(contentDir, path, LanguageFileSchema));
  }
  return { country, languages };
}

async function readJsonFile<T extends z.ZodType>(
  contentDir: string,
  path: string,
  schema: T,
): Promise<z.output<T>> {
  const name = relative(contentDir, path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new ContentFileError(`${name}: file is missing or cannot be read`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(`${name}: not valid JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(file)';
      return `${field}: ${issue.message}`;
    });
    throw new ContentFileError(`${name}: ${problems.join('; ')}`);
  }
  return result.data;
}
