import { asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { giftCategories, gifts, giftTexts } from '../schema.js';
import { orderingOf } from '../staff/gift-editing.js';
import type { GiftsFile } from './gift-files.js';

/**
 * A country's catalogue as the database holds it, in the gift files' format
 * (`content/gifts/{country}.json`, gift-files.ts), for `content:export`:
 * categories (staff-created ones too) and gifts in catalogue order, every
 * gift (withdrawn ones as `active: false`) with its words, image alt texts
 * and its stock now. Null for a country without categories or gifts.
 * Read by the keys of `gift_categories` and `gift_texts` and `gifts_country_idx`.
 */
export async function storedGiftsFile(
  tx: Transaction,
  countryCode: string,
): Promise<GiftsFile | null> {
  // One after another: a transaction is one connection.
  const categoryRows = await tx
    .select()
    .from(giftCategories)
    .where(eq(giftCategories.countryCode, countryCode))
    .orderBy(
      asc(giftCategories.position),
      asc(giftCategories.id),
      asc(giftCategories.languageCode),
    );
  const giftRows = await tx
    .select()
    .from(gifts)
    .where(eq(gifts.countryCode, countryCode))
    .orderBy(asc(gifts.position), asc(gifts.id));
  const ordering = await orderingOf(tx, countryCode);
  if (categoryRows.length === 0 && giftRows.length === 0) return null;
  const textRows =
    giftRows.length === 0
      ? []
      : await tx
          .select()
          .from(giftTexts)
          .where(
            inArray(
              giftTexts.giftId,
              giftRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(giftTexts.giftId), asc(giftTexts.languageCode));
  const categories = new Map<string, Record<string, string>>();
  for (const row of categoryRows) {
    categories.set(row.id, { ...categories.get(row.id), [row.languageCode]: row.name });
  }
  return {
    countryCode,
    ordering: {
      orderDisabled: ordering.orderDisabled,
      ranges: ordering.ranges,
      ...(ordering.reopensOn === null ? {} : { reopensOn: ordering.reopensOn }),
    },
    categories: [...categories].map(([id, name]) => ({ id, name })),
    gifts: giftRows.map((row) => {
      const texts = textRows.filter((text) => text.giftId === row.id);
      const byLanguage = (value: (text: (typeof texts)[number]) => string | null) =>
        Object.fromEntries(
          texts
            .map((text) => [text.languageCode, value(text)] as const)
            .filter((entry): entry is readonly [string, string] => entry[1] !== null),
        );
      return {
        id: row.id,
        category: row.category,
        points: row.points,
        stock: row.stock,
        active: row.active,
        image: row.image,
        link: row.link,
        description: byLanguage((text) => text.description),
        text: byLanguage((text) => (text.text === '' ? null : text.text)),
        imageAlt: byLanguage((text) => text.imageAlt),
      };
    }),
  };
}
