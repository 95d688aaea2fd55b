import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { ContentFileError } from './read-content-folder.js';

/**
 * Reads `{contentDir}/{folder}/{cc}.json`, one file per country, each checked
 * against `schema`, named after its `countryCode`, and holding no entry
 * another file holds (`entries` names a file's entries, e.g. `gift 201`). A
 * missing folder reads as no files; any problem throws a ContentFileError
 * naming the file, before anything is written.
 */
export async function readCountryFiles<T extends { countryCode: string }>(
  contentDir: string,
  folder: string,
  schema: z.ZodType<T>,
  entries: (file: T) => string[],
): Promise<T[]> {
  const dir = join(contentDir, folder);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const files: T[] = [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const shown = `${folder}/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(dir, name), 'utf8'));
    } catch (error) {
      throw new ContentFileError(`${shown}: not valid JSON (${(error as Error).message})`);
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      const problems = result.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(file)'}: ${issue.message}`,
      );
      throw new ContentFileError(`${shown}: ${problems.join('; ')}`);
    }
    const file = result.data;
    if (`${file.countryCode}.json` !== name) {
      throw new ContentFileError(
        `${shown}: countryCode: "${file.countryCode}" does not match the file name`,
      );
    }
    for (const entry of entries(file)) {
      const other = seen.get(entry);
      if (other !== undefined) throw new ContentFileError(`${shown}: ${entry} is also in ${other}`);
      seen.set(entry, shown);
    }
    files.push(file);
  }
  return files;
}
