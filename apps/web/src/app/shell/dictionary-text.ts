import { useLayout } from '../layout-context';

/**
 * A text of the layout dictionary (spec 1 §3), or the English fallback when the
 * dictionary has no such key or an empty value.
 */
export function dictionaryText(
  dictionary: Readonly<Record<string, string>>,
  key: string,
  fallback: string,
): string {
  const value = dictionary[key];
  return value !== undefined && value.trim() !== '' ? value : fallback;
}

/** `dictionaryText` for the current layout. */
export function useDictionaryText(key: string, fallback: string): string {
  return dictionaryText(useLayout().dictionary, key, fallback);
}
