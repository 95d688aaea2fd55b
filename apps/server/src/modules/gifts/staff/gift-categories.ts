import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  GiftCategoryCreateValues,
  StaffGiftCategoryList,
} from '@club/contract/staff-gift-categories';
import type { Database, Transaction } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { countryLanguages } from '../../content/schema.js';
import { giftCategories, gifts } from '../schema.js';

/**
 * Gift categories as staff keep them: a country's categories with their
 * names in every language of the country, created, renamed and deleted in
 * the console (docs/staff-console.md, "Gift categories and image alt text").
 * Each change is one transaction with its audit entry and marks the category
 * as staff-edited (`editedAt`), so loading the gift files keeps it.
 *
 * Queries: the categories of a country by the primary key of
 * `gift_categories` (country, id, language); gift counts and "is it used" by
 * `gifts_country_idx` (country, category).
 */

export type CategoryChange = { actor: AuditActor; now: Date };
/** A refusal the caller answers: 400 with the field's message, or 409 while gifts use it. */
export type CategoryRefusal =
  { status: 400; field: string; message: string } | { status: 409; field: string; message: string };

const targetOf = (countryCode: string, id: string) => `${countryCode}/${id}`;

/** The country's languages with their names, default first (country_languages' key). */
async function categoryLanguages(db: Database | Transaction, countryCode: string) {
  const rows = await db
    .select({
      code: countryLanguages.languageCode,
      name: countryLanguages.nativeTitle,
      shortCode: countryLanguages.shortCode,
      isRtl: countryLanguages.isRtl,
    })
    .from(countryLanguages)
    .where(eq(countryLanguages.countryCode, countryCode))
    .orderBy(asc(countryLanguages.position));
  return rows;
}

/** The names of one category by language, its rows locked for the change. */
async function namesOf(
  tx: Transaction,
  countryCode: string,
  id: string,
): Promise<Record<string, string> | undefined> {
  const rows = await tx
    .select({ languageCode: giftCategories.languageCode, name: giftCategories.name })
    .from(giftCategories)
    .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, id)))
    .for('update');
  if (rows.length === 0) return undefined;
  return Object.fromEntries(rows.map((row) => [row.languageCode, row.name]));
}

/** Every language of the country named, and no other: else the field to correct. */
function checkNames(
  languages: readonly string[],
  names: Record<string, string>,
): CategoryRefusal | undefined {
  const other = Object.keys(names).find((code) => !languages.includes(code));
  if (other !== undefined) {
    return { status: 400, field: `names.${other}`, message: 'Not a language of the country' };
  }
  const missing = languages.find((code) => (names[code] ?? '').trim() === '');
  if (missing !== undefined) {
    return { status: 400, field: `names.${missing}`, message: 'Enter the name' };
  }
  return undefined;
}

/** The country's categories in catalogue order with their names and how many gifts each has. */
export async function staffCategories(
  db: Database,
  countryCode: string,
): Promise<StaffGiftCategoryList> {
  const [languages, rows, counts] = await Promise.all([
    categoryLanguages(db, countryCode),
    db
      .select()
      .from(giftCategories)
      .where(eq(giftCategories.countryCode, countryCode))
      .orderBy(asc(giftCategories.position), asc(giftCategories.id)),
    db
      .select({ category: gifts.category, gifts: count() })
      .from(gifts)
      .where(eq(gifts.countryCode, countryCode))
      .groupBy(gifts.category),
  ]);
  const giftsIn = new Map(counts.map((row) => [row.category, Number(row.gifts)]));
  const categories = new Map<
    string,
    { id: string; names: Record<string, string>; gifts: number; editedAt: string | null }
  >();
  for (const row of rows) {
    const category = categories.get(row.id) ?? {
      id: row.id,
      names: {},
      gifts: giftsIn.get(row.id) ?? 0,
      editedAt: row.editedAt?.toISOString() ?? null,
    };
    category.names[row.languageCode] = row.name;
    categories.set(row.id, category);
  }
  return { countryCode, languages, categories: [...categories.values()] };
}

function rowsOf(
  countryCode: string,
  id: string,
  names: Record<string, string>,
  position: number,
  editedAt: Date,
) {
  return Object.entries(names).map(([languageCode, name]) => ({
    countryCode,
    id,
    languageCode,
    name: name.trim(),
    position,
    editedAt,
  }));
}

const idTaken: CategoryRefusal = {
  status: 400,
  field: 'id',
  message: 'The country has a category with this id',
};

/** Thrown inside the creation's transaction to roll it back when another creation took the id. */
class IdTakenMeanwhile extends Error {}

/** Creates a category at the end of the country's list (audited `gift-category.create`). */
export async function createCategory(
  db: Database,
  countryCode: string,
  input: GiftCategoryCreateValues,
  change: CategoryChange,
): Promise<'created' | CategoryRefusal> {
  try {
    return await db.transaction(async (tx) => {
      const languages = (await categoryLanguages(tx, countryCode)).map((language) => language.code);
      const refusal = checkNames(languages, input.names);
      if (refusal !== undefined) return refusal;
      const [taken] = await tx
        .select({ id: giftCategories.id })
        .from(giftCategories)
        .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, input.id)))
        .limit(1);
      if (taken !== undefined) return idTaken;
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${giftCategories.position}), -1) + 1` })
        .from(giftCategories)
        .where(eq(giftCategories.countryCode, countryCode));
      // Two creations of one id at once: the primary key makes the second wait, then skip its rows.
      const inserted = await tx
        .insert(giftCategories)
        .values(rowsOf(countryCode, input.id, input.names, Number(last!.position), change.now))
        .onConflictDoNothing()
        .returning({ languageCode: giftCategories.languageCode });
      if (inserted.length !== languages.length) throw new IdTakenMeanwhile();
      await recordAudit(
        tx,
        change.actor,
        {
          action: 'gift-category.create',
          targetType: 'gift-category',
          target: targetOf(countryCode, input.id),
          countryCode,
          after: { id: input.id, names: trimmed(input.names) },
        },
        change.now,
      );
      return 'created' as const;
    });
  } catch (failure) {
    if (failure instanceof IdTakenMeanwhile) return idTaken;
    throw failure;
  }
}

/** Renames a category in every language of the country (audited `gift-category.rename`). */
export async function renameCategory(
  db: Database,
  countryCode: string,
  id: string,
  names: Record<string, string>,
  change: CategoryChange,
): Promise<'renamed' | 'unknown' | CategoryRefusal> {
  return db.transaction(async (tx) => {
    const before = await namesOf(tx, countryCode, id);
    if (before === undefined) return 'unknown';
    const languages = (await categoryLanguages(tx, countryCode)).map((language) => language.code);
    const refusal = checkNames(languages, names);
    if (refusal !== undefined) return refusal;
    const [place] = await tx
      .select({ position: giftCategories.position })
      .from(giftCategories)
      .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, id)))
      .limit(1);
    await tx
      .delete(giftCategories)
      .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, id)));
    await tx
      .insert(giftCategories)
      .values(rowsOf(countryCode, id, names, place!.position, change.now));
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift-category.rename',
        targetType: 'gift-category',
        target: targetOf(countryCode, id),
        countryCode,
        before: { names: before },
        after: { names: trimmed(names) },
      },
      change.now,
    );
    return 'renamed';
  });
}

/**
 * Deletes a category no gift uses (audited `gift-category.delete`). The
 * category's rows are locked first and gift edits read the category they
 * choose `for share`, so a gift cannot move into it while it goes.
 */
export async function deleteCategory(
  db: Database,
  countryCode: string,
  id: string,
  change: CategoryChange,
): Promise<'deleted' | 'unknown' | CategoryRefusal> {
  return db.transaction(async (tx) => {
    const before = await namesOf(tx, countryCode, id);
    if (before === undefined) return 'unknown';
    const [used] = await tx
      .select({ gifts: count() })
      .from(gifts)
      .where(and(eq(gifts.countryCode, countryCode), eq(gifts.category, id)));
    const giftCount = Number(used?.gifts ?? 0);
    if (giftCount > 0) {
      return {
        status: 409,
        field: 'id',
        message: `${giftCount} ${giftCount === 1 ? 'gift is' : 'gifts are'} in this category (withdrawn ones too): move them to another category first`,
      } satisfies CategoryRefusal;
    }
    await tx
      .delete(giftCategories)
      .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, id)));
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift-category.delete',
        targetType: 'gift-category',
        target: targetOf(countryCode, id),
        countryCode,
        before: { id, names: before },
      },
      change.now,
    );
    return 'deleted';
  });
}

const trimmed = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([code, name]) => [code, name.trim()]));
