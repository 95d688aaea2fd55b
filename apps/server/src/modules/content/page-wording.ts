import { formattingLocale } from '@club/contract/locale-tag';
import type { PageWording } from '../../lib/validation-data.js';
import type { PageContext } from './page-registry.js';

/**
 * How a page words its messages: its language's dictionary, its locale
 * (`el-GR`, whose rules choose plural forms) and the country's values
 * (`phoneExample` of `validation.phone`).
 */
export async function pageWording(context: PageContext): Promise<PageWording> {
  const { phoneExample } = context.country;
  return {
    words: await context.content.dictionary(),
    locale: formattingLocale(context.language.shortCode, context.countryCode),
    values: phoneExample === null ? {} : { phoneExample },
  };
}
