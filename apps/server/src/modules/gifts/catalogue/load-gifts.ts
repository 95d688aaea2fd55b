import { readCountryFiles } from '../../content/country-files.js';
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { giftCategories, giftOrdering, gifts, giftTexts } from '../schema.js';
import { GiftsFileSchema, type GiftsFile } from './gift-files.js';

/** A gift, category or country's ordering rules staff edited in the console, which the file would change. */
export type KeptStaffEdit = { countryCode: string; target: string; fields: string[] };

export type GiftsLoadSummary = {
  countries: string[];
  gifts: number;
  /** Staff edits left as they are (the file differs); empty when told to take the file. */
  kept: KeptStaffEdit[];
};

export type GiftsLoadOptions = {
  /** Take the files' version even over staff edits (`content:load -- --take-file`). */
  takeFile?: boolean;
};

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
 *
 * Once staff edited a gift or a country's ordering rules in the console
 * (`editedAt`), the database is their source of truth: loading leaves them as
 * they are and reports where the file differs (`kept`), unless `takeFile`.
 */
export async function loadGifts(
  db: Database,
  contentDir: string,
  options: GiftsLoadOptions = {},
): Promise<GiftsLoadSummary> {
  const files = await readGiftsFolder(contentDir);
  const kept: KeptStaffEdit[] = [];
  if (files.length > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GIFTS_LOAD_LOCK_KEY})`);
      for (const original of files) {
        const countryCode = original.countryCode;
        const edited = options.takeFile === true ? [] : await editedGifts(tx, countryCode);
        const editedIds = new Set(edited.map((gift) => gift.id));
        for (const gift of edited) {
          const inFile = original.gifts.find((candidate) => candidate.id === gift.id);
          const fields =
            inFile === undefined ? ['withdrawn in the file'] : differences(gift, inFile);
          if (fields.length > 0) kept.push({ countryCode, target: `gift ${gift.id}`, fields });
        }
        // Edited gifts stay as staff left them: neither written nor withdrawn.
        const file = {
          ...original,
          gifts: original.gifts.filter((gift) => !editedIds.has(gift.id)),
        };
        // Categories staff created or renamed stay as they are, like edited gifts.
        const keptCategories =
          options.takeFile === true
            ? new Map<string, Record<string, string>>()
            : await editedCategories(tx, countryCode);
        for (const [id, names] of keptCategories) {
          const inFile = file.categories.find((candidate) => candidate.id === id);
          const fields =
            inFile === undefined ? ['not in the file'] : nameDifferences(names, inFile.name);
          if (fields.length > 0) kept.push({ countryCode, target: `category ${id}`, fields });
        }
        await tx
          .delete(giftCategories)
          .where(
            options.takeFile === true
              ? eq(giftCategories.countryCode, countryCode)
              : and(eq(giftCategories.countryCode, countryCode), isNull(giftCategories.editedAt)),
          );
        const fileCategories = file.categories
          .map((category, position) => ({ category, position }))
          .filter(({ category }) => !keptCategories.has(category.id));
        const categoryRows = fileCategories.flatMap(({ category, position }) =>
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
        const untouched = [...ids, ...editedIds];
        await tx
          .update(gifts)
          .set({ active: false })
          .where(
            untouched.length > 0
              ? and(eq(gifts.countryCode, countryCode), notInArray(gifts.id, untouched))
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
              // Taken from the file: the gift follows the files again until staff edit it.
              editedAt: null,
            },
          });
        await tx.delete(giftTexts).where(inArray(giftTexts.giftId, ids));
        const textRows = file.gifts.flatMap((gift) =>
          Object.entries(gift.description).map(([languageCode, description]) => ({
            giftId: gift.id,
            languageCode,
            description,
            text: gift.text[languageCode] ?? '',
            imageAlt: gift.imageAlt[languageCode] ?? null,
          })),
        );
        await tx.insert(giftTexts).values(textRows);
      }
      const editedOrdering =
        options.takeFile === true
          ? new Set<string>()
          : new Set(
              (
                await tx
                  .select({ countryCode: giftOrdering.countryCode })
                  .from(giftOrdering)
                  .where(isNotNull(giftOrdering.editedAt))
              ).map((row) => row.countryCode),
            );
      for (const countryCode of editedOrdering) {
        if (files.some((file) => file.countryCode === countryCode)) {
          kept.push({ countryCode, target: 'ordering windows', fields: ['ordering'] });
        }
      }
      const orderingRows = files
        .filter((file) => !editedOrdering.has(file.countryCode))
        .map((file) => {
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
            editedAt: null,
          };
        });
      if (orderingRows.length > 0)
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
              editedAt: null,
            },
          });
    });
  }
  return {
    countries: files.map((file) => file.countryCode),
    gifts: files.reduce((sum, file) => sum + file.gifts.length, 0),
    kept,
  };
}

type FileGift = GiftsFile['gifts'][number];
type EditedGift = {
  id: number;
  category: string;
  points: number;
  active: boolean;
  image: string;
  link: string;
  texts: Record<string, { description: string; text: string; imageAlt: string | null }>;
};

/** The country's gifts staff edited, with their words. */
async function editedGifts(tx: Transaction, countryCode: string): Promise<EditedGift[]> {
  const rows = await tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.countryCode, countryCode), isNotNull(gifts.editedAt)));
  if (rows.length === 0) return [];
  const texts = await tx
    .select()
    .from(giftTexts)
    .where(
      inArray(
        giftTexts.giftId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    texts: Object.fromEntries(
      texts
        .filter((text) => text.giftId === row.id)
        .map((text) => [
          text.languageCode,
          { description: text.description, text: text.text, imageAlt: text.imageAlt },
        ]),
    ),
  }));
}

/** The country's categories staff created or renamed, with their names by language. */
async function editedCategories(
  tx: Transaction,
  countryCode: string,
): Promise<Map<string, Record<string, string>>> {
  const rows = await tx
    .select()
    .from(giftCategories)
    .where(and(eq(giftCategories.countryCode, countryCode), isNotNull(giftCategories.editedAt)));
  const categories = new Map<string, Record<string, string>>();
  for (const row of rows) {
    categories.set(row.id, { ...categories.get(row.id), [row.languageCode]: row.name });
  }
  return categories;
}

/** The languages whose name differs between a staff-edited category and the file. */
function nameDifferences(names: Record<string, string>, file: Record<string, string>): string[] {
  const languages = new Set([...Object.keys(names), ...Object.keys(file)]);
  return [...languages]
    .filter((code) => names[code] !== file[code])
    .map((code) => `name (${code})`);
}

/** The fields where a staff-edited gift and the file differ (the stock aside: it is counted, not loaded). */
function differences(gift: EditedGift, file: FileGift): string[] {
  const fields: string[] = [];
  for (const field of ['category', 'points', 'active', 'image', 'link'] as const) {
    if (gift[field] !== file[field]) fields.push(field);
  }
  const languages = new Set([...Object.keys(gift.texts), ...Object.keys(file.description)]);
  for (const language of languages) {
    const words = gift.texts[language];
    if (words?.description !== file.description[language]) fields.push(`name (${language})`);
    if ((words?.text ?? '') !== (file.text[language] ?? '')) fields.push(`text (${language})`);
    if ((words?.imageAlt ?? '') !== (file.imageAlt[language] ?? '')) {
      fields.push(`image alt text (${language})`);
    }
  }
  return fields;
}

function readGiftsFolder(contentDir: string): Promise<GiftsFile[]> {
  return readCountryFiles(contentDir, 'gifts', GiftsFileSchema, (file) =>
    file.gifts.map((gift) => `gift ${gift.id}`),
  );
}
