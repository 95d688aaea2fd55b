import { readCountryFiles } from '../../content/country-files.js';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { giftCategories, giftOrdering, gifts, giftTexts } from '../schema.js';
import { GiftsFileSchema, type GiftsFile } from './gift-files.js';

export type GiftsLoadSummary = { countries: string[]; gifts: number };

/** Any fixed number, distinct from the migration, content and offices locks. */
const GIFTS_LOAD_LOCK_KEY = 4_242_004;

/**
 * Reads and validates `{contentDir}/gifts/*.json`, then writes the catalogue
 * of every country in one transaction. Loading the same files again changes
 * nothing. The stock in a file is the starting stock: a gift already in the
 * database keeps the stock it has (orders took from it), unless the file
 * stops counting it (null) or it was not counted before. Gifts of a loaded
 * country missing from its file are withdrawn (inactive), never deleted:
 * orders refer to them. A content folder without a `gifts` folder loads nothing.
 */
export async function loadGifts(db: Database, contentDir: string): Promise<GiftsLoadSummary> {
  const files = await readGiftsFolder(contentDir);
  if (files.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GIFTS_LOAD_LOCK_KEY})`);
      for (const file of files) {
        const countryCode = file.countryCode;
        await tx.delete(giftCategories).where(eq(giftCategories.countryCode, countryCode));
        const categoryRows = file.categories.flatMap((category, position) =>
          Object.entries(category.name).map(([languageCode, name]) => ({
            countryCode,
            id: category.id,
            languageCode,
            name,
            position,
          })),
        );
        if (categoryRows.length > 0) await tx.insert(giftCategories).values(categoryRows);

        const ids = file.gifts.map((gift) => gift.id);
        await tx
          .update(gifts)
          .set({ active: false })
          .where(
            ids.length > 0
              ? and(eq(gifts.countryCode, countryCode), notInArray(gifts.id, ids))
              : eq(gifts.countryCode, countryCode),
          );
        if (ids.length === 0) continue;
        await tx
          .insert(gifts)
          .values(
            file.gifts.map((gift, position) => ({
              id: gift.id,
              countryCode,
              category: gift.category,
              points: gift.points,
              stock: gift.stock,
              active: gift.active,
              image: gift.image,
              link: gift.link,
              position,
            })),
          )
          .onConflictDoUpdate({
            target: gifts.id,
            set: {
              countryCode: sql`excluded.country_code`,
              category: sql`excluded.category`,
              points: sql`excluded.points`,
              // Never give back stock that orders took: the file's stock is where counting starts.
              stock: sql`case when excluded.stock is null then null
                when ${gifts.stock} is null then excluded.stock
                else ${gifts.stock} end`,
              active: sql`excluded.active`,
              image: sql`excluded.image`,
              link: sql`excluded.link`,
              position: sql`excluded.position`,
            },
          });
        await tx.delete(giftTexts).where(inArray(giftTexts.giftId, ids));
        const textRows = file.gifts.flatMap((gift) =>
          Object.entries(gift.description).map(([languageCode, description]) => ({
            giftId: gift.id,
            languageCode,
            description,
            text: gift.text[languageCode] ?? '',
          })),
        );
        await tx.insert(giftTexts).values(textRows);
      }
      const orderingRows = files.map((file) => {
        const [r1, r2, r3, r4] = file.ordering.ranges;
        return {
          countryCode: file.countryCode,
          orderDisabled: file.ordering.orderDisabled,
          from1: r1?.from ?? null,
          to1: r1?.to ?? null,
          from2: r2?.from ?? null,
          to2: r2?.to ?? null,
          from3: r3?.from ?? null,
          to3: r3?.to ?? null,
          from4: r4?.from ?? null,
          to4: r4?.to ?? null,
          reopensOn: file.ordering.reopensOn ?? null,
        };
      });
      await tx
        .insert(giftOrdering)
        .values(orderingRows)
        .onConflictDoUpdate({
          target: giftOrdering.countryCode,
          set: {
            orderDisabled: sql`excluded.order_disabled`,
            from1: sql`excluded.from1`,
            to1: sql`excluded.to1`,
            from2: sql`excluded.from2`,
            to2: sql`excluded.to2`,
            from3: sql`excluded.from3`,
            to3: sql`excluded.to3`,
            from4: sql`excluded.from4`,
            to4: sql`excluded.to4`,
            reopensOn: sql`excluded.reopens_on`,
          },
        });
    });
  }
  return {
    countries: files.map((file) => file.countryCode),
    gifts: files.reduce((sum, file) => sum + file.gifts.length, 0),
  };
}

function readGiftsFolder(contentDir: string): Promise<GiftsFile[]> {
  return readCountryFiles(contentDir, 'gifts', GiftsFileSchema, (file) =>
    file.gifts.map((gift) => `gift ${gift.id}`),
  );
}
