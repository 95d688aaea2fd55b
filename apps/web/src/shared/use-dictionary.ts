import { useLayout } from './layout-context';
import { dictionaryText } from '../lib/dictionary';

/** `(key, fallback) => text` for the current layout's dictionary. */
export function useDictionary(): (key: string, fallback: string) => string {
  const { dictionary } = useLayout();
  return (key, fallback) => dictionaryText(dictionary, key, fallback);
}
