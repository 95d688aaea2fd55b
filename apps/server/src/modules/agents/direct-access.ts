import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { agents, directAccessChanges } from './schema.js';

/**
 * Marks the registered members of offices that just turned to direct sales as
 * direct-access users (spec 2 §4 "Direct-channel overlay"), recording when and
 * why, in the caller's transaction. Members already marked are left as they
 * are. Answers how many were marked.
 */
export async function markMembersOfDirectOffices(
  tx: Transaction,
  officeIds: readonly string[],
  at: Date,
): Promise<number> {
  if (officeIds.length === 0) return 0;
  const marked = await tx
    .update(agents)
    .set({ isAmadeusDirectUser: true })
    .where(
      and(
        inArray(agents.officeId, [...officeIds]),
        eq(agents.isAmadeusDirectUser, false),
        ne(agents.status, 'purged'),
      ),
    )
    .returning({ id: agents.id, officeId: agents.officeId });
  if (marked.length > 0) {
    await tx.insert(directAccessChanges).values(
      marked.map((member) => ({
        agentId: member.id,
        isAmadeusDirectUser: true,
        reason: 'office-direct-sales' as const,
        officeId: member.officeId,
        changedAt: at,
      })),
    );
  }
  return marked.length;
}

/** What staff marking a member did. */
export type StaffDirectAccessResult = 'no-member' | 'unchanged' | 'changed';

export type StaffDirectAccessChange = {
  number: string;
  isAmadeusDirectUser: boolean;
  at: Date;
  /** Who: a staff member in the console, or the command line. */
  actor: AuditActor;
  reason: string | null;
  /** The countries the actor works in; null for every country (an admin, the command line). */
  countries: readonly string[] | null;
};

/**
 * Programme staff mark a member as a direct-access user, or unmark them (the
 * console, `npm run members:direct-access`), recorded with when and why and
 * in the audit log; one transaction, the member's row locked so two runs
 * cannot both record a change. A member of a country outside `countries` is
 * `no-member`, as if unknown.
 */
export function setDirectAccessByStaff(
  db: Database,
  change: StaffDirectAccessChange,
): Promise<StaffDirectAccessResult> {
  const { number, isAmadeusDirectUser, at } = change;
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: agents.id,
        countryCode: agents.countryCode,
        current: agents.isAmadeusDirectUser,
      })
      .from(agents)
      .where(eq(agents.number, number))
      .for('update');
    if (member === undefined) return 'no-member';
    if (change.countries !== null && !change.countries.includes(member.countryCode)) {
      return 'no-member';
    }
    if (member.current === isAmadeusDirectUser) return 'unchanged';
    await tx.update(agents).set({ isAmadeusDirectUser }).where(eq(agents.id, member.id));
    await tx.insert(directAccessChanges).values({
      agentId: member.id,
      isAmadeusDirectUser,
      reason: 'staff',
      changedAt: at,
    });
    await recordAudit(
      tx,
      change.actor,
      {
        action: isAmadeusDirectUser ? 'member.mark-direct-access' : 'member.unmark-direct-access',
        targetType: 'member',
        target: number,
        countryCode: member.countryCode,
        reason: change.reason,
        before: { isAmadeusDirectUser: member.current },
        after: { isAmadeusDirectUser },
      },
      at,
    );
    return 'changed';
  });
}
