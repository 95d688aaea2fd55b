import type { LanguageFile } from '../content/content-files.js';

/**
 * A language's content as parts, each named by a path under its country and
 * language: `menu`, `alerts`, `banners` (each a whole list: order is part of
 * it), `dictionary/{key}`, `texts/{key}` and `pages/{name}` (a page with its
 * FAQ items). Staff edits are tracked per part, and the import compares the
 * files with the database part by part.
 */
export type LanguageParts = Map<string, unknown>;

export function partsOf(file: LanguageFile): LanguageParts {
  const parts: LanguageParts = new Map();
  parts.set('menu', file.menuItems);
  parts.set('alerts', file.headerAlerts);
  parts.set('banners', file.headerImages);
  for (const [key, value] of Object.entries(file.dictionary)) parts.set(`dictionary/${key}`, value);
  for (const [key, value] of Object.entries(file.texts)) parts.set(`texts/${key}`, value);
  for (const [name, page] of Object.entries(file.pages)) parts.set(`pages/${name}`, page);
  return parts;
}

/** The language file of a set of parts (the inverse of `partsOf`). */
export function fileOf(parts: LanguageParts): LanguageFile {
  const file: LanguageFile = {
    dictionary: {},
    menuItems: [],
    headerAlerts: [],
    headerImages: [],
    texts: {},
    pages: {},
  };
  for (const [path, value] of parts) {
    const slash = path.indexOf('/');
    const kind = slash < 0 ? path : path.slice(0, slash);
    const key = path.slice(slash + 1);
    if (kind === 'menu') file.menuItems = value as LanguageFile['menuItems'];
    else if (kind === 'alerts') file.headerAlerts = value as LanguageFile['headerAlerts'];
    else if (kind === 'banners') file.headerImages = value as LanguageFile['headerImages'];
    else if (kind === 'dictionary') file.dictionary[key] = value as string;
    else if (kind === 'texts') file.texts[key] = value as string;
    else if (kind === 'pages') file.pages[key] = value as LanguageFile['pages'][string];
  }
  return file;
}

/** A value as JSON with its keys sorted, so that equal content compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
}

export const samePart = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
