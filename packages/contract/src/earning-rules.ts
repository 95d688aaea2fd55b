import { z } from 'zod';
import { defaultSegmentPoints, segmentKinds, type SegmentKind } from './earning.js';
import { CountryCodeSchema } from './staff.js';
import { StaffDaySchema, staffText } from './staff-fields.js';

/**
 * Earning rules (issue 31 §2): what a segment earns, per country, set by
 * staff in the console. A base rule gives a segment kind its points; a
 * campaign adds fixed points or multiplies the base within its dates (by
 * travel date or by booking date). One evaluation (`earnSegment`) for the
 * import, the points clock, the claims' worth, the simulator and the
 * console's preview.
 */

/**
 * `welcome`: points credited once to a member of the country whose account
 * becomes active while the rule is in force (the welcome bonus); it has no
 * segment types and never prices a segment.
 */
export const earningRuleKinds = ['base', 'campaign', 'welcome'] as const;
export type EarningRuleKind = (typeof earningRuleKinds)[number];

/** Which date of a segment a rule's dates are compared with. */
export const earningBases = ['travel', 'booking'] as const;
export type EarningBasis = (typeof earningBases)[number];

export const RULE_NAME_MAX = 80;
export const MULTIPLIER_MAX = 10;
export const RULE_POINTS_MAX = 10_000;

/** The messages of the rule form, keyed by field in a 400 answer (the console is in English). */
export const earningRuleMessages = {
  nameRequired: 'A name for staff is needed',
  memberName: 'A name the member reads is needed in every language of the country',
  segmentTypes: 'Choose at least one segment type',
  pointsOrMultiplier: 'Give either points or a multiplier, not both',
  basePoints: 'A base rule gives points (no multiplier)',
  welcomePoints: 'A welcome bonus gives points (no multiplier)',
  points: `Whole points from 0 to ${RULE_POINTS_MAX}`,
  multiplier: `A multiplier above 1 and at most ${MULTIPLIER_MAX}, with one decimal at most`,
  dateOrder: 'The end date is on or after the start date',
  record:
    'Paste one booking record (a JSON line of the booking queue), or give the PNR of an imported booking',
} as const;

/** A rule as stored and listed. */
export const EarningRuleSchema = z.object({
  id: z.number().int(),
  country: z.string(),
  kind: z.enum(earningRuleKinds),
  /** Staff's name (console, audit). */
  name: z.string(),
  /** What the member reads, by language code of the country (a campaign's; a base rule's are empty). */
  memberNames: z.record(z.string(), z.string()),
  segmentTypes: z.array(z.enum(segmentKinds)),
  /** Fixed points: a base rule's points, or a campaign's bonus per segment. */
  points: z.number().int().nullable(),
  /** A campaign's multiplier of the base points. */
  multiplier: z.number().nullable(),
  from: z.string(),
  /** The last day in force (inclusive); null: open-ended. Ending a rule sets it. */
  to: z.string().nullable(),
  basis: z.enum(earningBases),
  createdBy: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  /** Some segment earned points under the rule: it can be ended, never deleted. */
  earned: z.boolean(),
});
export type EarningRule = z.infer<typeof EarningRuleSchema>;

export const EarningRuleListSchema = z.object({
  items: z.array(EarningRuleSchema),
  /** The languages of the country, for the member-visible names. */
  languages: z.array(z.string()),
});
export type EarningRuleList = z.infer<typeof EarningRuleListSchema>;

export const EarningRuleQuerySchema = z.object({ country: CountryCodeSchema });

const optionalNumber = (schema: z.ZodType<number>) =>
  z
    .union([z.literal(''), z.null(), schema, z.string()])
    .optional()
    .transform((value, context) => {
      if (value === '' || value === null || value === undefined) return null;
      const parsed = schema.safeParse(typeof value === 'string' ? Number(value) : value);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      return parsed.data;
    });

const PointsSchema = z
  .number({ error: earningRuleMessages.points })
  .int(earningRuleMessages.points)
  .min(0, earningRuleMessages.points)
  .max(RULE_POINTS_MAX, earningRuleMessages.points);

const MultiplierSchema = z
  .number({ error: earningRuleMessages.multiplier })
  .gt(1, earningRuleMessages.multiplier)
  .max(MULTIPLIER_MAX, earningRuleMessages.multiplier)
  .refine((value) => Number.isInteger(value * 10), earningRuleMessages.multiplier);

/** `POST /s2c/staff/v1/earning-rules` (JSON). */
export const NewEarningRuleSchema = z
  .object({
    country: CountryCodeSchema,
    kind: z.enum(earningRuleKinds, { error: 'A base rule, a campaign or a welcome bonus' }),
    name: staffText()
      .trim()
      .min(1, earningRuleMessages.nameRequired)
      .max(RULE_NAME_MAX, `At most ${RULE_NAME_MAX} characters`),
    memberNames: z
      .record(
        z.string().regex(/^[a-z]{3}$/, 'A three-letter language code'),
        staffText().trim().max(RULE_NAME_MAX, `At most ${RULE_NAME_MAX} characters`),
      )
      .optional()
      .default({}),
    segmentTypes: z
      .array(z.enum(segmentKinds, { error: earningRuleMessages.segmentTypes }))
      .max(segmentKinds.length, earningRuleMessages.segmentTypes)
      .optional()
      .default([])
      .transform((kinds) => [...new Set(kinds)]),
    points: optionalNumber(PointsSchema),
    multiplier: optionalNumber(MultiplierSchema),
    from: StaffDaySchema,
    to: z
      .union([z.literal(''), z.null(), StaffDaySchema])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    basis: z.enum(earningBases, { error: 'By travel date or by booking date' }).default('travel'),
  })
  .transform((rule) =>
    // A welcome bonus prices no segment: it has no segment types and no basis.
    rule.kind === 'welcome' ? { ...rule, segmentTypes: [], basis: 'travel' as const } : rule,
  )
  .superRefine((rule, context) => {
    if (rule.kind !== 'welcome' && rule.segmentTypes.length === 0) {
      context.addIssue({
        code: 'custom',
        message: earningRuleMessages.segmentTypes,
        path: ['segmentTypes'],
      });
    }
    if (rule.kind === 'welcome' && (rule.points === null || rule.multiplier !== null)) {
      context.addIssue({
        code: 'custom',
        message: earningRuleMessages.welcomePoints,
        path: ['points'],
      });
    }
    if (rule.kind === 'base' && (rule.points === null || rule.multiplier !== null)) {
      context.addIssue({
        code: 'custom',
        message: earningRuleMessages.basePoints,
        path: ['points'],
      });
    }
    if (rule.kind === 'campaign' && (rule.points === null) === (rule.multiplier === null)) {
      context.addIssue({
        code: 'custom',
        message: earningRuleMessages.pointsOrMultiplier,
        path: ['points'],
      });
    }
    if (rule.to !== null && rule.to < rule.from) {
      context.addIssue({ code: 'custom', message: earningRuleMessages.dateOrder, path: ['to'] });
    }
  });
export type NewEarningRule = z.input<typeof NewEarningRuleSchema>;
export type NewEarningRuleParsed = z.output<typeof NewEarningRuleSchema>;

const emptyAsAbsent = (value: string | undefined) => (value === '' ? undefined : value);

/**
 * `POST /s2c/staff/v1/earning-rules/simulate`: a booking-queue line pasted
 * (with the member's country for a record that names no member), or the PNR
 * of a booking the import stored.
 */
export const SimulateRequestSchema = z
  .object({
    record: z
      .string()
      .trim()
      .max(100_000, earningRuleMessages.record)
      .optional()
      .transform(emptyAsAbsent),
    pnr: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9]{5,8})?$/, 'A PNR of 5 to 8 letters and digits')
      .optional()
      .transform((value) => emptyAsAbsent(value)?.toUpperCase()),
    country: CountryCodeSchema.optional(),
  })
  .superRefine((request, context) => {
    if ((request.record === undefined) === (request.pnr === undefined)) {
      context.addIssue({ code: 'custom', message: earningRuleMessages.record, path: ['record'] });
    }
  });

/** A rule that gave a segment points, as shown beside it. */
export const AppliedRuleSchema = z.object({
  id: z.number().int().nullable(),
  kind: z.enum(earningRuleKinds),
  name: z.string(),
  points: z.number().int().nullable(),
  multiplier: z.number().nullable(),
});
export type AppliedRule = z.infer<typeof AppliedRuleSchema>;

export const SimulationSchema = z.object({
  pnr: z.string(),
  country: z.string(),
  createdOn: z.string(),
  segments: z.array(
    z.object({
      segmentId: z.string(),
      kind: z.enum(segmentKinds),
      serviceDate: z.string(),
      status: z.enum(['PD', 'OK', 'XX']),
      points: z.number().int(),
      rules: z.array(AppliedRuleSchema),
    }),
  ),
  total: z.number().int(),
});
export type Simulation = z.infer<typeof SimulationSchema>;

/** What the evaluation needs of a rule. */
export type RuleTerms = Pick<
  EarningRule,
  'id' | 'kind' | 'name' | 'segmentTypes' | 'points' | 'multiplier' | 'from' | 'to' | 'basis'
>;

/** A segment's dates: its travel (service) date and its booking's creation date. */
export type SegmentDates = { travel: string; booking: string };

export type Earned = { points: number; rules: RuleTerms[] };

const inForce = (rule: RuleTerms, kind: SegmentKind, dates: SegmentDates): boolean => {
  const day = rule.basis === 'booking' ? dates.booking : dates.travel;
  return (
    rule.segmentTypes.includes(kind) && rule.from <= day && (rule.to === null || day <= rule.to)
  );
};

/**
 * What one segment earns under a country's rules: the base rule in force
 * (the latest started; the contract's table when the country has no base
 * rule at all), times the highest multiplier of the campaigns in force, plus
 * every fixed bonus in force. Multipliers do not stack: two "double points"
 * campaigns at once still double. Answers the rules that gave the points.
 */
export function earnSegment(
  rules: readonly RuleTerms[],
  kind: SegmentKind,
  dates: SegmentDates,
): Earned {
  let base: RuleTerms | undefined;
  let anyBase = false;
  let multiplier: RuleTerms | undefined;
  const bonuses: RuleTerms[] = [];
  for (const rule of rules) {
    if (rule.kind === 'welcome') continue;
    if (rule.kind === 'base') anyBase = true;
    if (!inForce(rule, kind, dates)) continue;
    if (rule.kind === 'base') {
      if (
        base === undefined ||
        rule.from > base.from ||
        (rule.from === base.from && rule.id > base.id)
      )
        base = rule;
    } else if (rule.multiplier !== null) {
      if (multiplier === undefined || rule.multiplier > multiplier.multiplier!) multiplier = rule;
    } else if (rule.points !== null && rule.points > 0) {
      bonuses.push(rule);
    }
  }
  const basePoints = base?.points ?? (anyBase ? 0 : defaultSegmentPoints[kind]);
  const multiplied = Math.round(basePoints * (multiplier?.multiplier ?? 1));
  const points = bonuses.reduce((sum, rule) => sum + rule.points!, multiplied);
  const applied = [
    ...(base === undefined ? [] : [base]),
    ...(multiplier === undefined || basePoints === 0 ? [] : [multiplier]),
    ...bonuses,
  ];
  return { points, rules: applied };
}

/**
 * The part of a segment's points its campaigns gave (the rest is the base
 * rule's): the reports split earned points by source with it. Worked back
 * from the points and the rules that gave them, so that a stored credit
 * (`booking_segments.points` and `earning_rule_ids`) splits as its credit did:
 * fixed bonuses come off first, then the highest multiplier divides.
 */
export function campaignPart(points: number, rules: readonly RuleTerms[]): number {
  if (points <= 0) return 0;
  let rest = points;
  let multiplier = 1;
  for (const rule of rules) {
    if (rule.kind !== 'campaign') continue;
    if (rule.multiplier !== null) multiplier = Math.max(multiplier, rule.multiplier);
    else if (rule.points !== null) rest -= rule.points;
  }
  const base = Math.min(points, Math.max(0, Math.round(Math.max(0, rest) / multiplier)));
  return points - base;
}

/** The rule as the member or staff read it beside a segment. */
export function appliedRuleOf(rule: RuleTerms, name: string = rule.name): AppliedRule {
  return {
    id: rule.id,
    kind: rule.kind,
    name,
    points: rule.points,
    multiplier: rule.multiplier,
  };
}

export { earnedText } from './earning-rule-words.js';
