import { and, eq } from 'drizzle-orm';
import { wordMessage, type MessageKey, type Words } from '@club/contract/message-catalogue';
import type { FastifyInstance } from 'fastify';
import type { PageContext } from '../content/page-registry.js';
import { dictionaryEntries } from '../content/schema.js';

/**
 * Messages the server puts in the answers of this area (spec 1 §2, §8). The
 * web app shows its own texts for most states; these reach the error lists.
 */
export const accountMessages = {
  invalidLink: 'account.message.invalidLink',
  alreadyActive: 'account.message.alreadyActive',
  alreadyRestored: 'account.message.alreadyRestored',
  error: 'account.message.error',
} as const satisfies Record<string, MessageKey>;

/** The page language's wording of each account message (the dictionary's word for its key, else English). */
export async function accountWords(
  context: Pick<PageContext, 'content'>,
): Promise<Record<keyof typeof accountMessages, string>> {
  const words: Words = await context.content.dictionary();
  const word = (key: MessageKey) => wordMessage({ key }, words);
  return {
    invalidLink: word(accountMessages.invalidLink),
    alreadyActive: word(accountMessages.alreadyActive),
    alreadyRestored: word(accountMessages.alreadyRestored),
    error: word(accountMessages.error),
  };
}

/** The stored page of this name if editors wrote one, else its default title (English, like the other pages). */
export async function storedPageOr(context: PageContext, title: string) {
  return (await context.content.page()) ?? { title };
}

/**
 * A text of the page language's dictionary, by the key the web app shows it
 * with, else the English text: for a title that follows the page's state,
 * which the one stored page cannot hold. Built once per content version.
 */
export function dictionaryTextOr(
  app: FastifyInstance,
  context: PageContext,
  key: string,
  english: string,
): Promise<string> {
  const { countryCode, languageCode } = context;
  return app.contentCache.memo(`dictionary:${countryCode}:${languageCode}:${key}`, async () => {
    const [row] = await app.db
      .select({ value: dictionaryEntries.value })
      .from(dictionaryEntries)
      .where(
        and(
          eq(dictionaryEntries.countryCode, countryCode),
          eq(dictionaryEntries.languageCode, languageCode),
          eq(dictionaryEntries.key, key),
        ),
      );
    // Like the web app: an empty text counts as missing.
    return row === undefined || row.value.trim() === '' ? english : row.value;
  });
}
