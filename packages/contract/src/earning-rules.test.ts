import { describe, expect, it } from 'vitest';
import {
  NewEarningRuleSchema,
  earnSegment,
  earnedText,
  appliedRuleOf,
  campaignPart,
  type RuleTerms,
} from './earning-rules.js';

const rule = (terms: Partial<RuleTerms> & Pick<RuleTerms, 'id' | 'kind'>): RuleTerms => ({
  name: `rule ${terms.id}`,
  segmentTypes: ['hotel'],
  points: null,
  multiplier: null,
  from: '2026-01-01',
  to: null,
  basis: 'travel',
  ...terms,
});

const baseHotel = rule({ id: 1, kind: 'base', name: 'Base hotel', points: 10, from: '1900-01-01' });
const march = rule({
  id: 2,
  kind: 'campaign',
  name: 'March hotels',
  multiplier: 2,
  from: '2026-03-01',
  to: '2026-03-31',
});
const dates = (travel: string, booking = '2026-01-15') => ({ travel, booking });

describe('what a segment earns under the rules', () => {
  it('is the base rule in force, times a campaign in force on its travel date', () => {
    const rules = [baseHotel, march];
    expect(earnSegment(rules, 'hotel', dates('2026-03-31'))).toEqual({
      points: 20,
      rules: [baseHotel, march],
    });
    expect(earnSegment(rules, 'hotel', dates('2026-04-01'))).toEqual({
      points: 10,
      rules: [baseHotel],
    });
    // Another segment type: the campaign does not apply, and there is no base rule for it.
    expect(earnSegment(rules, 'car', dates('2026-03-10'))).toEqual({ points: 0, rules: [] });
  });

  it('compares a booking-date campaign with the booking date, not the travel date', () => {
    const booked = rule({ ...march, id: 3, basis: 'booking' });
    expect(
      earnSegment([baseHotel, booked], 'hotel', dates('2026-06-01', '2026-03-02')).points,
    ).toBe(20);
    expect(
      earnSegment([baseHotel, booked], 'hotel', dates('2026-03-02', '2026-02-28')).points,
    ).toBe(10);
  });

  it('takes the highest multiplier only, and adds every fixed bonus', () => {
    const triple = rule({ id: 4, kind: 'campaign', multiplier: 3 });
    const bonus = rule({ id: 5, kind: 'campaign', points: 50 });
    const more = rule({ id: 6, kind: 'campaign', points: 5 });
    expect(
      earnSegment([baseHotel, march, triple, bonus, more], 'hotel', dates('2026-03-10')),
    ).toEqual({
      points: 30 + 55,
      rules: [baseHotel, triple, bonus, more],
    });
  });

  it('rounds a decimal multiplier to whole points', () => {
    const half = rule({ id: 7, kind: 'campaign', multiplier: 1.5 });
    const air = rule({ id: 8, kind: 'base', segmentTypes: ['air'], points: 5, from: '1900-01-01' });
    expect(
      earnSegment([air, { ...half, segmentTypes: ['air'] }], 'air', dates('2026-05-01')).points,
    ).toBe(8);
  });

  it('uses the latest-started base rule, and the spec’s table only when a country has no base rule', () => {
    const newer = rule({ id: 9, kind: 'base', points: 12, from: '2026-06-01' });
    expect(earnSegment([baseHotel, newer], 'hotel', dates('2026-05-31')).points).toBe(10);
    expect(earnSegment([baseHotel, newer], 'hotel', dates('2026-06-01')).points).toBe(12);
    expect(earnSegment([], 'hotel', dates('2026-06-01'))).toEqual({ points: 10, rules: [] });
    expect(earnSegment([march], 'air', dates('2026-03-05'))).toEqual({ points: 5, rules: [] });
    // An ended base rule still counts as the country's: no fallback to the table.
    const ended = rule({ ...baseHotel, to: '2025-12-31' });
    expect(earnSegment([ended], 'hotel', dates('2026-01-01')).points).toBe(0);
  });

  it('is worded for staff as "hotel 10 + March hotels ×2"', () => {
    const earned = earnSegment([baseHotel, march], 'hotel', dates('2026-03-05'));
    expect(
      earnedText(
        'hotel',
        earned.rules.map((applied) => appliedRuleOf(applied)),
      ),
    ).toBe('hotel 10 + March hotels ×2');
  });
});

describe('a new rule', () => {
  const campaign = {
    country: 'gr',
    kind: 'campaign',
    name: 'March hotels',
    memberNames: { eng: 'March hotels', ell: 'Ξενοδοχεία Μαρτίου' },
    segmentTypes: ['hotel'],
    multiplier: '2',
    from: '2026-03-01',
    to: '2026-03-31',
  };
  const fieldsOf = (body: Record<string, unknown>) => {
    const parsed = NewEarningRuleSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('takes form values (numbers as text, empty as none) and defaults the basis', () => {
    expect(NewEarningRuleSchema.parse({ ...campaign, points: '', to: '' })).toMatchObject({
      multiplier: 2,
      points: null,
      to: null,
      basis: 'travel',
    });
  });

  it('keys each refusal by its field', () => {
    expect(fieldsOf({ ...campaign, points: '50' })).toEqual(['points']);
    expect(fieldsOf({ ...campaign, multiplier: '1' })).toEqual(['multiplier']);
    expect(fieldsOf({ ...campaign, multiplier: '2.25' })).toEqual(['multiplier']);
    expect(fieldsOf({ ...campaign, to: '2026-02-28' })).toEqual(['to']);
    expect(fieldsOf({ ...campaign, from: '2026-02-30' })).toEqual(['from']);
    expect(fieldsOf({ ...campaign, segmentTypes: ['boat'] })).toEqual(['segmentTypes.0']);
    expect(fieldsOf({ ...campaign, name: ' ' })).toEqual(['name']);
    expect(fieldsOf({ ...campaign, kind: 'base', multiplier: '', points: '' })).toEqual(['points']);
    expect(fieldsOf({ ...campaign, kind: 'base', multiplier: '', points: '12' })).toEqual([]);
  });
});

describe('the campaigns’ part of a segment’s points (the reports’ split)', () => {
  const bonus = rule({ id: 3, kind: 'campaign', points: 50, from: '2026-03-01' });
  const half = rule({ id: 4, kind: 'campaign', multiplier: 1.5, from: '2026-03-01' });
  const baseAir = rule({ id: 5, kind: 'base', points: 5, segmentTypes: ['hotel'], from: '1900-01-01' });

  it('is what the campaigns added to the base, as the evaluation gave it', () => {
    for (const rules of [
      [baseHotel],
      [baseHotel, march],
      [baseHotel, bonus],
      [baseHotel, march, bonus],
      [baseAir, half],
      [baseAir, half, bonus],
      [bonus],
    ]) {
      const earned = earnSegment(rules, 'hotel', dates('2026-03-10'));
      // Without any base rule the spec's table gives the base (hotel 10).
      const base = earned.rules.find((one) => one.kind === 'base')?.points ?? 10;
      expect(campaignPart(earned.points, earned.rules)).toBe(earned.points - base);
    }
  });

  it('is nothing without campaigns, and never more than the points', () => {
    expect(campaignPart(5, [])).toBe(0);
    expect(campaignPart(0, [march])).toBe(0);
    expect(campaignPart(30, [bonus])).toBe(30);
  });
});
