import {
  creditLifetimeYears,
  segmentKinds,
  type Earning,
  type SegmentKind,
} from '@club/contract/earning';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ruleBookOf } from './rule-book.js';
import { earningRules } from './schema.js';

/**
 * The layout's `earning` of a country on a day: each segment kind's base
 * points in force (as the import would credit a segment travelling and booked
 * that day without a campaign) and the campaigns running that day, named in
 * the page's language (a campaign without a name in it is left out: no
 * English on another language's page).
 */
export async function layoutEarning(
  db: Database,
  countryCode: string,
  languageCode: string,
  today: string,
): Promise<Earning> {
  const rows = await db
    .select()
    .from(earningRules)
    .where(eq(earningRules.countryCode, countryCode));
  const base = ruleBookOf(rows.filter((row) => row.kind === 'base'));
  const dates = { travel: today, booking: today };
  const segmentPoints = Object.fromEntries(
    segmentKinds.map((kind) => [kind, base.earn(countryCode, kind, dates).points]),
  ) as Record<SegmentKind, number>;
  const campaigns = rows
    .filter(
      (row) =>
        row.kind === 'campaign' &&
        row.fromDate <= today &&
        (row.toDate === null || today <= row.toDate) &&
        (row.memberNames[languageCode] ?? '') !== '',
    )
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      name: row.memberNames[languageCode]!,
      segmentTypes: row.segmentTypes,
      multiplier: row.multiplierTenths === null ? null : row.multiplierTenths / 10,
      points: row.points,
      to: row.toDate,
    }));
  return { segmentPoints, creditLifetimeYears, ...(campaigns.length > 0 ? { campaigns } : {}) };
}
