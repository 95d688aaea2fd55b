import { dictionaryText } from '../../lib/dictionary';
import { useLayout } from '../../shared/layout-context';

/** `dictionaryText` for the current layout. */
export function useDictionaryText(key: string, fallback: string): string {
  return dictionaryText(useLayout().dictionary, key, fallback);
}
