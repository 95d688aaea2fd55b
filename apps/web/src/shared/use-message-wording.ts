import { wordText } from '@club/contract/message-catalogue';
import { useLayout } from './layout-context';

/**
 * `(message) => text` in the page's language: a message key of the contract
 * (a schema's message, or one a screen names) is worded with the page's
 * dictionary, else in English; a text the server worded already shows as it came.
 */
export function useMessageWording(): (message: string) => string {
  const { dictionary } = useLayout();
  return (message) => wordText(message, dictionary);
}
