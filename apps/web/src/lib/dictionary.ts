import type { ClientLayout } from '@club/contract/client-layout';

type Dictionary = ClientLayout['dictionary'];

/** A text of the layout dictionary, or the English fallback when the key is missing or empty. */
export function dictionaryText(dictionary: Dictionary, key: string, fallback: string): string {
  const text = dictionary[key];
  return text === undefined || text.trim() === '' ? fallback : text;
}

/** The product name shown in document titles (dictionary key `productName`). */
export function productName(dictionary: Dictionary): string {
  return dictionaryText(dictionary, 'productName', 'Amadeus+Me');
}
