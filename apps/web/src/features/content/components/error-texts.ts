import type { ClientLayout } from '@club/contract/client-layout';
import { dictionaryText } from '../../../lib/dictionary';

/**
 * Texts of the 403 and 404 screens (spec 1 §2 "Error pages"): a heading and a
 * message; the message is also the page title. Dictionary keys with English
 * fallbacks.
 */
const texts = {
  '403': {
    heading: ['error.accessDenied', 'Access denied'],
    message: ['error.noAccess', 'No access to this page'],
  },
  '404': {
    heading: ['error.pageNotFound', 'This page is not available'],
    message: ['error.notFound', 'Page not found'],
  },
} as const;

export type ErrorPageName = keyof typeof texts;

export function errorScreenTexts(
  pageName: ErrorPageName,
  dictionary: ClientLayout['dictionary'],
): { heading: string; message: string } {
  const { heading, message } = texts[pageName];
  return {
    heading: dictionaryText(dictionary, heading[0], heading[1]),
    message: dictionaryText(dictionary, message[0], message[1]),
  };
}
