import {
  countedFormatterInstalled,
  isCountedWording,
  wordText,
} from '@club/contract/message-catalogue';
import { useLayout } from './layout-context';
import { useFormatterLoad } from './use-formatter-load';
import { useFormattingLocale } from './wording';

/**
 * `(message) => text` in the page's language: a message key of the contract
 * (a schema's message, or one a screen names) is worded with the page's
 * dictionary, else in English; a text the server worded already shows as it
 * came. The country's phone example fills `{phoneExample}` (`validation.phone`);
 * a word with plural forms loads the formatter and is worded again once it is there.
 */
export function useMessageWording(): (message: string) => string {
  const { dictionary, phoneExample } = useLayout();
  const locale = useFormattingLocale();
  const loadFormatter = useFormatterLoad();
  // Isolated left to right: "+971 501234567" keeps its plus in front inside an Arabic sentence.
  const values = phoneExample ? { phoneExample: `\u2066${phoneExample}\u2069` } : undefined;
  return (message) => {
    if (!countedFormatterInstalled() && isCountedWording(dictionary[message] ?? ''))
      loadFormatter();
    return wordText(message, dictionary, values, locale);
  };
}
