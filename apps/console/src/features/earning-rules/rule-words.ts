import type { EarningRule } from '@club/contract/earning-rules';

/** How the console names segment types and what a rule does. */
export const kindNames: Record<string, string> = {
  air: 'Air',
  hotel: 'Hotel',
  car: 'Car',
  rail: 'Rail',
};

/** How the console names a rule's kind. */
export const ruleKindNames: Record<EarningRule['kind'], string> = {
  base: 'Base rule',
  campaign: 'Campaign',
  welcome: 'Welcome bonus',
};

/** "×2", "+50" or "100 points once": what a rule does to a segment's points (or a new member's). */
export const effectOf = (rule: Pick<EarningRule, 'kind' | 'points' | 'multiplier'>): string =>
  rule.multiplier !== null
    ? `×${rule.multiplier}`
    : rule.kind === 'base'
      ? `${rule.points ?? 0} points`
      : rule.kind === 'welcome'
        ? `${rule.points ?? 0} points once`
        : `+${rule.points ?? 0}`;
