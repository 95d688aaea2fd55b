import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  GiftCreateValues,
  GiftEditValues,
  GiftOrdering,
  StaffGift,
  StaffGiftCatalogue,
  StaffGiftDetail,
} from '@club/contract/staff-gifts';
import type { Database, Transaction } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { auditEntries } from '../../audit/schema.js';
import { countryLanguages } from '../../content/schema.js';
import { giftCategories, giftOrdering, gifts, giftTexts } from '../schema.js';

/** The country's languages, its default (first) first. */
export async function languagesOf(
  db: Database | Transaction,
  countryCode: string,
): Promise<string[]> {
  const rows = await db
    .select({ languageCode: countryLanguages.languageCode })
    .from(countryLanguages)
    .where(eq(countryLanguages.countryCode, countryCode))
    .orderBy(asc(countryLanguages.position));
  return rows.map((row) => row.languageCode);
}

/** Gifts with their words per language (served by gifts_country_idx and gift_texts' key). */
async function giftsWith(
  db: Database | Transaction,
  where: ReturnType<typeof eq>,
): Promise<StaffGift[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(where)
    .orderBy(asc(gifts.position), asc(gifts.id));
  if (rows.length === 0) return [];
  const texts = await db
    .select()
    .from(giftTexts)
    .where(
      inArray(
        giftTexts.giftId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    countryCode: row.countryCode,
    category: row.category,
    points: row.points,
    stock: row.stock,
    active: row.active,
    image: row.image,
    link: row.link,
    editedAt: row.editedAt?.toISOString() ?? null,
    texts: Object.fromEntries(
      texts
        .filter((text) => text.giftId === row.id)
        .map((text) => [
          text.languageCode,
          { description: text.description, text: text.text, imageAlt: text.imageAlt ?? '' },
        ]),
    ),
  }));
}

export async function orderingOf(
  db: Database | Transaction,
  countryCode: string,
): Promise<GiftOrdering> {
  const [row] = await db
    .select()
    .from(giftOrdering)
    .where(eq(giftOrdering.countryCode, countryCode));
  if (row === undefined) return { orderDisabled: false, ranges: [], reopensOn: null };
  const ranges = [
    [row.from1, row.to1],
    [row.from2, row.to2],
    [row.from3, row.to3],
    [row.from4, row.to4],
  ]
    .filter((range): range is [string, string] => range[0] !== null && range[1] !== null)
    .map(([from, to]) => ({ from, to }));
  return { orderDisabled: row.orderDisabled, ranges, reopensOn: row.reopensOn };
}

/** The catalogue of a country as staff edit it: every gift (withdrawn too), every language's words. */
export async function staffCatalogue(
  db: Database,
  countryCode: string,
): Promise<StaffGiftCatalogue> {
  const [languages, categoryRows, giftList, ordering] = await Promise.all([
    languagesOf(db, countryCode),
    db
      .select()
      .from(giftCategories)
      .where(eq(giftCategories.countryCode, countryCode))
      .orderBy(asc(giftCategories.position), asc(giftCategories.id)),
    giftsWith(db, eq(gifts.countryCode, countryCode)),
    orderingOf(db, countryCode),
  ]);
  const categories = new Map<string, Record<string, string>>();
  for (const row of categoryRows) {
    const names = categories.get(row.id) ?? {};
    names[row.languageCode] = row.name;
    categories.set(row.id, names);
  }
  return {
    countryCode,
    languages,
    categories: [...categories].map(([id, names]) => ({ id, names })),
    gifts: giftList,
    ordering,
  };
}

export async function staffGift(db: Database, giftId: number): Promise<StaffGift | undefined> {
  return (await giftsWith(db, eq(gifts.id, giftId)))[0];
}

/** The gift with its stock changes from the audit log (audit_entries_target_idx), newest first. */
export async function staffGiftDetail(
  db: Database,
  giftId: number,
): Promise<StaffGiftDetail | undefined> {
  const gift = await staffGift(db, giftId);
  if (gift === undefined) return undefined;
  const changes = await db
    .select({
      at: auditEntries.at,
      actor: auditEntries.actor,
      reason: auditEntries.reason,
      before: auditEntries.before,
      after: auditEntries.after,
    })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.targetType, 'gift'),
        eq(auditEntries.target, String(giftId)),
        eq(auditEntries.action, 'gift.stock'),
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(200);
  const stockIn = (value: unknown) => {
    const stock = (value as { stock?: unknown } | null)?.stock;
    return typeof stock === 'number' ? stock : null;
  };
  return {
    ...gift,
    stockHistory: changes.map((change) => ({
      at: change.at.toISOString(),
      staff: change.actor,
      reason: change.reason,
      before: stockIn(change.before),
      after: stockIn(change.after),
    })),
  };
}

export type EditRefusal = { field: string; message: string };

/** Checks the words and the category against the country: the default language is required, others must be the country's. */
async function checkEdit(
  tx: Transaction,
  countryCode: string,
  edit: { category: string; texts: Record<string, unknown> },
): Promise<EditRefusal | undefined> {
  const languages = await languagesOf(tx, countryCode);
  if (languages.length === 0) return { field: 'countryCode', message: 'No such country' };
  const unknown = Object.keys(edit.texts).find((code) => !languages.includes(code));
  if (unknown !== undefined) {
    return { field: 'texts', message: `${unknown} is not a language of ${countryCode}` };
  }
  if (edit.texts[languages[0]!] === undefined) {
    return {
      field: 'texts',
      message: `The name in ${languages[0]} (the country's default language) is required`,
    };
  }
  const [category] = await tx
    .select({ id: giftCategories.id })
    .from(giftCategories)
    .where(and(eq(giftCategories.countryCode, countryCode), eq(giftCategories.id, edit.category)))
    .limit(1)
    // Shared with other gift edits, exclusive of a deletion of the category (gift-categories.ts).
    .for('share');
  if (category === undefined)
    return { field: 'category', message: 'Choose a category of the country' };
  return undefined;
}

async function writeTexts(
  tx: Transaction,
  giftId: number,
  texts: GiftEditValues['texts'],
): Promise<void> {
  await tx.delete(giftTexts).where(eq(giftTexts.giftId, giftId));
  const rows = Object.entries(texts).map(([languageCode, words]) => ({
    giftId,
    languageCode,
    description: words.description.trim(),
    text: words.text,
    imageAlt: words.imageAlt.trim(),
  }));
  if (rows.length > 0) await tx.insert(giftTexts).values(rows);
}

/** Any fixed number, distinct from the other advisory locks: new gift ids are taken one at a time. */
const GIFT_ID_LOCK_KEY = 4_242_018;

/** Creates a gift (audited `gift.create`); its id follows the highest of every country. */
export async function createGift(
  db: Database,
  input: GiftCreateValues,
  change: { actor: AuditActor; now: Date },
): Promise<{ id: number } | EditRefusal> {
  return db.transaction(async (tx) => {
    const refusal = await checkEdit(tx, input.countryCode, input);
    if (refusal !== undefined) return refusal;
    await tx.execute(sql`select pg_advisory_xact_lock(${GIFT_ID_LOCK_KEY})`);
    const [next] = await tx
      .select({ id: sql<number>`coalesce(max(${gifts.id}), 0) + 1` })
      .from(gifts);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${gifts.position}), -1) + 1` })
      .from(gifts)
      .where(eq(gifts.countryCode, input.countryCode));
    const id = Number(next!.id);
    const row = {
      id,
      countryCode: input.countryCode,
      category: input.category,
      points: input.points,
      stock: input.stock,
      active: input.active,
      image: input.image,
      link: input.link,
      position: Number(last!.position),
      editedAt: change.now,
    };
    await tx.insert(gifts).values(row);
    await writeTexts(tx, id, input.texts);
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift.create',
        targetType: 'gift',
        target: String(id),
        countryCode: input.countryCode,
        after: { ...row, editedAt: undefined, texts: input.texts },
      },
      change.now,
    );
    return { id };
  });
}

/** Edits a gift (everything but its country and stock), audited `gift.update` with before and after. */
export async function updateGift(
  db: Database,
  giftId: number,
  edit: GiftEditValues,
  change: { actor: AuditActor; now: Date },
): Promise<'updated' | 'unknown' | EditRefusal> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
    if (row === undefined) return 'unknown';
    const refusal = await checkEdit(tx, row.countryCode, edit);
    if (refusal !== undefined) return refusal;
    const beforeTexts = await tx.select().from(giftTexts).where(eq(giftTexts.giftId, giftId));
    const values = {
      category: edit.category,
      points: edit.points,
      active: edit.active,
      image: edit.image,
      link: edit.link,
    };
    await tx
      .update(gifts)
      .set({ ...values, editedAt: change.now })
      .where(eq(gifts.id, giftId));
    await writeTexts(tx, giftId, edit.texts);
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift.update',
        targetType: 'gift',
        target: String(giftId),
        countryCode: row.countryCode,
        before: {
          category: row.category,
          points: row.points,
          active: row.active,
          image: row.image,
          link: row.link,
          texts: Object.fromEntries(
            beforeTexts.map((text) => [
              text.languageCode,
              { description: text.description, text: text.text, imageAlt: text.imageAlt },
            ]),
          ),
        },
        after: { ...values, texts: edit.texts },
      },
      change.now,
    );
    return 'updated';
  });
}

/**
 * Sets a gift's stock (null: not counted) with a reason, audited `gift.stock`
 * with the stock before and after. The row is locked, so an order placed at
 * the same moment either comes before (and the new stock is what staff
 * counted) or after (and takes from it).
 */
export async function changeStock(
  db: Database,
  giftId: number,
  change: { stock: number | null; reason: string; actor: AuditActor; now: Date },
): Promise<'changed' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stock: gifts.stock, countryCode: gifts.countryCode })
      .from(gifts)
      .where(eq(gifts.id, giftId))
      .for('update');
    if (row === undefined) return 'unknown';
    await tx
      .update(gifts)
      .set({ stock: change.stock, editedAt: change.now })
      .where(eq(gifts.id, giftId));
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift.stock',
        targetType: 'gift',
        target: String(giftId),
        countryCode: row.countryCode,
        reason: change.reason,
        before: { stock: row.stock },
        after: { stock: change.stock },
      },
      change.now,
    );
    return 'changed';
  });
}

/** Replaces a country's ordering windows, audited `gift.ordering` with before and after. */
export async function setOrdering(
  db: Database,
  countryCode: string,
  ordering: GiftOrdering,
  change: { reason: string; actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from ${giftOrdering} where ${giftOrdering.countryCode} = ${countryCode} for update`,
    );
    const before = await orderingOf(tx, countryCode);
    const [r1, r2, r3, r4] = ordering.ranges;
    const row = {
      orderDisabled: ordering.orderDisabled,
      from1: r1?.from ?? null,
      to1: r1?.to ?? null,
      from2: r2?.from ?? null,
      to2: r2?.to ?? null,
      from3: r3?.from ?? null,
      to3: r3?.to ?? null,
      from4: r4?.from ?? null,
      to4: r4?.to ?? null,
      reopensOn: ordering.reopensOn,
      editedAt: change.now,
    };
    await tx
      .insert(giftOrdering)
      .values({ countryCode, ...row })
      .onConflictDoUpdate({ target: giftOrdering.countryCode, set: row });
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift.ordering',
        targetType: 'country',
        target: countryCode,
        countryCode,
        reason: change.reason || null,
        before,
        after: ordering,
      },
      change.now,
    );
  });
}
