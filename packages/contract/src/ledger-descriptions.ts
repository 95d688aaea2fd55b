import { bookingReasonTexts } from './booking-reasons.js';
import { formatLocaleDate } from './locale-date.js';
import { fillPlaceholders, type Words } from './message-catalogue.js';

/* No runtime zod here: the server words ledger lines with it on every statement. */

/**
 * Ledger descriptions as keys with parameters (issue 30): the club writes a
 * points entry's reason as a key of the `points.entryText.*` words and its
 * values, and words it when a member reads it, in the reader's language. Free
 * text that staff wrote (an adjustment's reason) has no key and reads as it
 * was written. The English wording stays in the entry's `description` too,
 * for staff and for the entries written before keys.
 */

/** A gift of an order, with its name in the language it was ordered in (the fallback). */
export type LedgerGift = { id: number; quantity: number; name: string };

/** Each key with its parameters. Dates are YYYY-MM-DD; kinds and reasons are codes. */
export type LedgerDescription =
  | { key: 'welcomeBonus'; params: Record<string, never> }
  | { key: 'movedPoints'; params: Record<string, never> }
  | { key: 'segmentCredit'; params: SegmentParams }
  | { key: 'segmentCancelled'; params: SegmentParams }
  | { key: 'segmentRejected'; params: SegmentParams & { reason: string } }
  | { key: 'segmentOtherMember'; params: SegmentParams }
  | { key: 'segmentGone'; params: SegmentParams }
  | { key: 'order'; params: { orderId: number; gifts: LedgerGift[] } }
  | { key: 'orderRefund'; params: { orderId: number } }
  | { key: 'pointsLapsed'; params: { date: string } };

type SegmentParams = { pnr: string; kind: string; date: string };

export type LedgerDescriptionKey = LedgerDescription['key'];

/** The English wording of each key (`points.entryText.<key>` in the dictionaries). */
export const ledgerDescriptionEnglish: Readonly<Record<LedgerDescriptionKey, string>> = {
  welcomeBonus: 'Welcome bonus',
  movedPoints: 'Points moved from the previous programme',
  segmentCredit: 'PNR {pnr}: {kind} segment of {date}',
  segmentCancelled: 'PNR {pnr}: {kind} segment of {date} cancelled',
  segmentRejected: 'PNR {pnr}: {kind} segment of {date}, booking rejected: {reason}',
  segmentOtherMember: 'PNR {pnr}: {kind} segment of {date}, the remark names another member',
  segmentGone: 'PNR {pnr}: {kind} segment of {date} no longer in the booking',
  order: 'Order {orderId}: {gifts}',
  orderRefund: 'Points of order {orderId} given back',
  pointsLapsed: 'Points credited on {date} lapsed',
};

/** The English of the codes a description names (the dictionaries word them in other languages). */
const englishCodes: Readonly<Record<string, string>> = {
  'points.kind.air': 'Air',
  'points.kind.hotel': 'Hotel',
  'points.kind.car': 'Car',
  'points.kind.rail': 'Rail',
};

/** Free-text reasons that mean a key: what staff and the old demo wrote by hand. */
const knownTexts: Readonly<Record<string, LedgerDescription>> = {
  'welcome bonus': { key: 'welcomeBonus', params: {} },
  'points moved from the previous programme': { key: 'movedPoints', params: {} },
};

/** A free-text reason that is one of the known ones, as its key; else null (kept as text). */
export function knownLedgerDescription(text: string): LedgerDescription | null {
  return knownTexts[text.trim().toLowerCase()] ?? null;
}

/** How a reader's page words the parameters: its words, its locale, gift names in its language. */
export type LedgerWording = {
  words?: Words | undefined;
  /** Dates in the locale's words; English without one. */
  locale?: string | undefined;
  /** Gift names by id in the reader's language; a gift without one keeps its ordered name. */
  giftNames?: ReadonlyMap<number, string>;
};

/**
 * An entry's description in the reader's language: the keyed wording with its
 * parameters worded too (kinds, dates, reasons, gift names), or the free text
 * as it was written.
 */
export function wordLedgerDescription(
  entry: { description: string; keyed: LedgerDescription | null },
  wording: LedgerWording,
): string {
  const { keyed } = entry;
  if (keyed === null || !Object.hasOwn(ledgerDescriptionEnglish, keyed.key)) {
    return entry.description;
  }
  const { words = {}, locale = 'en-GB' } = wording;
  const word = (key: string, english: string) => words[key] || english;
  const template = word(`points.entryText.${keyed.key}`, ledgerDescriptionEnglish[keyed.key]);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(keyed.params as Record<string, unknown>)) {
    if (name === 'gifts' && Array.isArray(value)) {
      values.gifts = (value as LedgerGift[])
        .map((gift) => `${gift.quantity} × ${wording.giftNames?.get(gift.id) || gift.name}`)
        .join(', ');
    } else if (name === 'kind') {
      values.kind = word(
        `points.kind.${String(value)}`,
        englishCodes[`points.kind.${String(value)}`] ?? String(value),
      );
    } else if (name === 'reason') {
      values.reason = word(
        `pointsReason.${String(value)}`,
        (bookingReasonTexts as Readonly<Record<string, string>>)[String(value)] ?? String(value),
      );
    } else if (name === 'date') {
      values.date = formatLocaleDate(String(value), locale);
    } else if (typeof value === 'string' || typeof value === 'number') {
      values[name] = value;
    }
  }
  return fillPlaceholders(template, values);
}

/** The English wording stored beside the key (staff read it; ISO dates, codes as words). */
export function englishLedgerDescription(keyed: LedgerDescription): string {
  return wordLedgerDescription({ description: '', keyed }, { words: {}, locale: 'en-GB' });
}
