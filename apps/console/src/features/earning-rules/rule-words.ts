import type { EarningRule } from '@club/contract/earning-rules';

/** How the console names segment types and what a rule does. */
export const kindNames: Record<string, string> = {
  air: 'Air',
  hotel: 'Hotel',
  car: 'Car',
  rail: 'Rail',
};

/** "×2" or "+50": what a rule does to a segment's points. */
export const effectOf = (rule: Pick<EarningRule, 'kind' | 'points' | 'multiplier'>): string =>
  rule.multiplier !== null
    ? `×${rule.multiplier}`
    : rule.kind === 'base'
      ? `${rule.points ?? 0} points`
      : `+${rule.points ?? 0}`;
