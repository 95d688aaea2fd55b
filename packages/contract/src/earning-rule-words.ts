/*
 * How staff read the rules that gave a segment its points. No runtime zod
 * here: the member view of the console shows them without loading schemas.
 */

/** A rule as named beside a segment (the shape of `AppliedRuleSchema`). */
export type NamedRule = {
  /** A welcome bonus gives no segment points: it never stands beside a segment. */
  kind: 'base' | 'campaign' | 'welcome';
  name: string;
  points: number | null;
  multiplier: number | null;
};

/** "hotel 10 + March hotel campaign ×2": how staff read a segment's points. */
export function earnedText(kind: string, rules: readonly NamedRule[]): string {
  if (rules.length === 0) return `${kind}: no rule`;
  return rules
    .map((rule) =>
      rule.kind === 'base'
        ? `${kind} ${rule.points ?? 0}`
        : rule.multiplier !== null
          ? `${rule.name} ×${rule.multiplier}`
          : `${rule.name} +${rule.points ?? 0}`,
    )
    .join(' + ');
}
