import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { markRulesEarned } from '../earning-rules/rule-book.js';
import { earningRules } from '../earning-rules/schema.js';
import type { WelcomedMember } from '../agents/member-activation.js';
import { dayOf } from './calendar-days.js';
import { LedgerSession } from './ledger.js';
import { pointAdjustments } from './schema.js';

/**
 * The points-file reference of a member's welcome bonus (docs/bookings.md):
 * the rule credits under it, so a member is welcomed once, by the rule or by
 * a points-file line of the same reference, never by both.
 */
export const welcomeReference = (number: string): string => `welcome-${number}`;

/**
 * Credits the welcome bonus of the member's country in force on the day of `at` (the
 * latest started `welcome` rule), in the caller's transaction: the
 * transaction that makes the account active (registration without a
 * confirmation mail, or the confirmation). An `additional` ledger entry
 * worded "Welcome bonus" in the member's language, named by its
 * adjustment row (`welcome-{number}`: a second activation, a restore or a
 * points-file line of the same reference credits nothing more), counted as
 * campaigns in the reports, and the rule marked earned. Answers the points.
 */
export async function creditWelcomeBonus(
  tx: Transaction,
  member: WelcomedMember,
  at: Date,
): Promise<number> {
  const day = dayOf(at.getTime());
  const [rule] = await tx
    .select({ id: earningRules.id, points: earningRules.points })
    .from(earningRules)
    .where(
      and(
        eq(earningRules.countryCode, member.countryCode),
        eq(earningRules.kind, 'welcome'),
        lte(earningRules.fromDate, day),
        or(isNull(earningRules.toDate), gte(earningRules.toDate, day)),
      ),
    )
    .orderBy(desc(earningRules.fromDate), desc(earningRules.id))
    .limit(1)
    .for('share');
  const points = rule?.points ?? 0;
  if (rule === undefined || points <= 0) return 0;
  const reference = welcomeReference(member.number);
  const claimed = await tx
    .insert(pointAdjustments)
    .values({ reference, agentId: member.id, points, actor: `earning rule ${rule.id}` })
    .onConflictDoNothing()
    .returning({ reference: pointAdjustments.reference });
  if (claimed.length === 0) return 0;
  const session = await LedgerSession.open(tx, [member.id], day);
  session.credit(member.id, {
    kind: 'additional',
    amount: points,
    description: { key: 'welcomeBonus', params: {} },
    source: 'campaign',
  });
  const [entryId] = await session.flush();
  await tx
    .update(pointAdjustments)
    .set({ entryId })
    .where(eq(pointAdjustments.reference, reference));
  await markRulesEarned(tx, [rule.id], at);
  return points;
}
