import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@club/contract/envelope';
import type { ClaimDecision } from '@club/contract/claims';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../audit/audit-log.js';
import { mailRecipientOf } from '../agents/mail-recipient.js';
import { memberPageUrl } from '../content/member-page-urls.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  applyPointsAdjustment,
  type DailyAdjustmentLimit,
} from '../points/adjustments/adjust-points.js';
import { bookings } from '../points/schema.js';
import { missingPointsClaims } from './schema.js';

/** 409: the claim is not open (decided already, or matched by its booking). */
export const notOpen = () =>
  new HttpError(409, ErrorCode.conflict, {
    decision: 'This claim is not open any more (decided already, or matched by its booking).',
  });

export type DecidedClaim = {
  id: number;
  agentId: number;
  pnr: string;
  memberNumber: string;
  countryCode: string;
};

/**
 * Staff approve or reject an open claim, in one transaction: the claim row
 * changes only from `open` (a second decision made at the same time waits
 * for the first's row lock, then finds it decided: 409). An approval credits
 * the points as a staff adjustment (`applyPointsAdjustment`: the ledger
 * entry, linked to the PNR's booking when stored, the support limit per
 * member per day, audited `member.adjust-points`) whose reference names the
 * claim; the claim names its entry. Every decision is audited
 * `claim.decision` and mailed to the member in their language. An approval
 * of a PNR the import has meanwhile accepted for the member is refused:
 * the booking brings its points.
 */
export async function decideClaim(
  db: Database,
  claim: DecidedClaim,
  decision: ClaimDecision,
  context: { actor: AuditActor; now: Date; today: string; dailyLimit?: DailyAdjustmentLimit },
): Promise<void> {
  const state = decision.decision === 'approve' ? 'approved' : 'rejected';
  const points = decision.decision === 'approve' ? decision.points : 0;
  await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(missingPointsClaims)
      .set({
        state,
        points,
        reason: decision.reason,
        decidedAt: context.now,
        decidedBy: context.actor.label,
        decidedByStaffId: context.actor.staffId,
      })
      .where(and(eq(missingPointsClaims.id, claim.id), eq(missingPointsClaims.state, 'open')))
      .returning({ id: missingPointsClaims.id });
    if (decided === undefined) throw notOpen();
    let entryId: number | null = null;
    if (state === 'approved') {
      const [booking] = await tx
        .select({ id: bookings.id, agentId: bookings.agentId, state: bookings.state })
        .from(bookings)
        .where(eq(bookings.pnr, claim.pnr));
      if (booking?.state === 'accepted' && booking.agentId === claim.agentId) throw notOpen();
      const applied = await applyPointsAdjustment(
        tx,
        context.actor,
        { id: claim.agentId, number: claim.memberNumber, countryCode: claim.countryCode },
        {
          points,
          reason: decision.reason,
          reference: `claim-${claim.id}`,
          bookingId: booking?.id ?? null,
          source: 'claim',
        },
        context.today,
        context.dailyLimit,
      );
      if (applied === null) throw notOpen();
      entryId = applied.entryId;
      await tx
        .update(missingPointsClaims)
        .set({ entryId })
        .where(eq(missingPointsClaims.id, claim.id));
    }
    await recordAudit(
      tx,
      context.actor,
      {
        action: 'claim.decision',
        targetType: 'claim',
        target: String(claim.id),
        countryCode: claim.countryCode,
        reason: decision.reason,
        before: { state: 'open' },
        after: { state, points, pnr: claim.pnr, member: claim.memberNumber, entryId },
      },
      context.now,
    );
    const recipient = await mailRecipientOf(tx, claim.agentId);
    if (recipient !== undefined) {
      await enqueueMail(tx, {
        to: recipient.email,
        template: state === 'approved' ? 'claim-approved' : 'claim-rejected',
        countryCode: recipient.countryCode,
        languageCode: recipient.languageCode,
        variables: {
          firstName: recipient.firstName,
          pnr: claim.pnr,
          reason: decision.reason,
          link: await memberPageUrl(tx, recipient, 'points'),
          ...(state === 'approved' ? { points: String(points) } : {}),
        },
      });
    }
  });
}
