import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { EarningBasis, EarningRuleKind } from '@club/contract/earning-rules';
import type { SegmentKind } from '@club/contract/points';

/**
 * Earning rules (docs/bookings.md, "Earning rules"): what a segment earns per
 * country. A base rule gives segment kinds their points; a campaign adds
 * fixed points or multiplies the base within its dates, by travel date or by
 * booking date. A welcome bonus credits a member of the country once, when
 * their account becomes active within its dates. Rules are never deleted once they earned (a trigger of
 * migration 0033 refuses it): ending one sets its last day.
 */
export const earningRules = pgTable(
  'earning_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    countryCode: varchar({ length: 2 }).notNull(),
    kind: text().$type<EarningRuleKind>().notNull(),
    /** Staff's name of the rule. */
    name: text().notNull(),
    /** What the member reads beside a segment, by language code (campaigns). */
    memberNames: jsonb().$type<Record<string, string>>().notNull().default({}),
    segmentTypes: text().array().$type<SegmentKind[]>().notNull(),
    /** Fixed points: a base rule's, or a campaign's bonus per segment. */
    points: integer(),
    /** A campaign's multiplier in tenths (20 doubles): exact, unlike a float. */
    multiplierTenths: integer(),
    fromDate: date({ mode: 'string' }).notNull(),
    /** The last day in force; null: open-ended. */
    toDate: date({ mode: 'string' }),
    basis: text().$type<EarningBasis>().notNull().default('travel'),
    createdBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    endedBy: text(),
    /** When a segment first earned under the rule (set by the import and the points clock). */
    earnedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('earning_rules_country_idx').on(t.countryCode),
    check('earning_rules_kind', sql`${t.kind} in ('base', 'campaign', 'welcome')`),
    check('earning_rules_basis', sql`${t.basis} in ('travel', 'booking')`),
    check(
      'earning_rules_points_or_multiplier',
      sql`(${t.points} is null) <> (${t.multiplierTenths} is null)`,
    ),
  ],
);
