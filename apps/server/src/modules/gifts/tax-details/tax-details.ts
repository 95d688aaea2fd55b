import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@club/contract/envelope';
import {
  defaultTaxFields,
  taxDetailsFormSchema,
  type StaffTaxDetails,
  type TaxDecision,
  type TaxDetails,
  type TaxDetailsState,
  type TaxField,
} from '@club/contract/tax-details';
import type { Database, Transaction } from '../../../db/client.js';
import { HttpError, validationFailed } from '../../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { mailRecipientOf } from '../../agents/mail-recipient.js';
import { agents } from '../../agents/schema.js';
import { countries } from '../../content/schema.js';
import { memberPageUrl } from '../../content/member-page-urls.js';
import { enqueueMail } from '../../mail/outbox.js';
import { memberTaxDetails, memberTaxInfo } from '../schema.js';
import { writeTaxOk } from '../staff/tax-information.js';

/**
 * The tax details members send to unlock ordering (issue 30, key moment 7)
 * and the staff decision on them. Confirming sets the member's tax flag as
 * `npm run gifts:tax` does (`writeTaxOk`, audited `member.tax`); every
 * decision is audited `member.tax-details` and mailed to the member in
 * their language.
 */

/** The fields a country asks for: its content's `taxFields`, else the contract's default. */
export async function countryTaxFields(db: Database, countryCode: string): Promise<TaxField[]> {
  const [row] = await db
    .select({ taxFields: countries.taxFields })
    .from(countries)
    .where(eq(countries.code, countryCode));
  return row === undefined || row.taxFields.length === 0 ? defaultTaxFields : row.taxFields;
}

type DetailsRow = typeof memberTaxDetails.$inferSelect;

/**
 * Where a member stands: their tax flag on is "ready to order" (the demo
 * members and those staff verified by hand have no details); otherwise the
 * details' own state. Confirmed details whose flag staff later withdrew
 * count as nothing sent: the member sends them again.
 */
function stateOf(taxOk: boolean, row: DetailsRow | undefined): TaxDetailsState {
  if (taxOk) return 'confirmed';
  if (row === undefined || row.state === 'confirmed') return 'none';
  return row.state;
}

function detailsOf(fields: TaxField[], taxOk: boolean, row: DetailsRow | undefined): TaxDetails {
  const state = stateOf(taxOk, row);
  return {
    state,
    fields,
    values: row?.fields ?? {},
    reason: state === 'refused' ? (row?.reason ?? null) : null,
    sentAt: row?.sentAt.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
  };
}

async function readMember(db: Database | Transaction, agentId: number) {
  const [read] = await db
    .select({ details: memberTaxDetails, taxOk: memberTaxInfo.taxOk })
    .from(agents)
    .leftJoin(memberTaxDetails, eq(memberTaxDetails.agentId, agents.id))
    .leftJoin(memberTaxInfo, eq(memberTaxInfo.agentId, agents.id))
    .where(eq(agents.id, agentId));
  return { row: read?.details ?? undefined, taxOk: read?.taxOk === true };
}

/** A member's own tax details (`GET /s2c/auth/v1/tax-details`, the gifts page). */
export async function ownTaxDetails(
  db: Database,
  member: { id: number; countryCode: string },
): Promise<TaxDetails> {
  const [fields, read] = await Promise.all([
    countryTaxFields(db, member.countryCode),
    readMember(db, member.id),
  ]);
  return detailsOf(fields, read.taxOk, read.row);
}

/**
 * A member sends their tax details: checked by the country's rules (400 with
 * a message per field), then stored as `sent`, replacing what was sent
 * before and any decision on it. A member whose tax flag is on has nothing
 * to send: the call changes nothing.
 */
export async function sendTaxDetails(
  db: Database,
  member: { id: number; countryCode: string },
  body: Record<string, unknown>,
  now: Date,
): Promise<TaxDetails> {
  const fields = await countryTaxFields(db, member.countryCode);
  const parsed = taxDetailsFormSchema(fields).safeParse(body);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'taxDetails');
      problems[field] ??= issue.message;
    }
    throw validationFailed(problems);
  }
  const values = parsed.data as Record<string, string>;
  return db.transaction(async (tx) => {
    // The tax flag's row first, as a decision takes it: a confirmation and a send never cross.
    const read = await readMember(tx, member.id);
    if (read.taxOk) return detailsOf(fields, true, read.row);
    const sent = {
      fields: values,
      state: 'sent' as const,
      reason: null,
      sentAt: now,
      decidedBy: null,
      decidedByStaffId: null,
      decidedAt: null,
    };
    const [row] = await tx
      .insert(memberTaxDetails)
      .values({ agentId: member.id, countryCode: member.countryCode, ...sent })
      .onConflictDoUpdate({ target: memberTaxDetails.agentId, set: sent })
      .returning();
    return detailsOf(fields, false, row);
  });
}

/** A member's tax details for staff, by member number; undefined for an unknown number. */
export async function staffTaxDetails(
  db: Database,
  number: string,
): Promise<(StaffTaxDetails & { agentId: number; firstName: string }) | undefined> {
  const [member] = await db
    .select({
      agentId: agents.id,
      countryCode: agents.countryCode,
      firstName: agents.firstName,
      details: memberTaxDetails,
      taxOk: memberTaxInfo.taxOk,
    })
    .from(agents)
    .leftJoin(memberTaxDetails, eq(memberTaxDetails.agentId, agents.id))
    .leftJoin(memberTaxInfo, eq(memberTaxInfo.agentId, agents.id))
    .where(eq(agents.number, number));
  if (member === undefined) return undefined;
  const fields = await countryTaxFields(db, member.countryCode);
  const taxOk = member.taxOk === true;
  const row = member.details ?? undefined;
  return {
    ...detailsOf(fields, taxOk, row),
    // Staff see the last reason whatever the state.
    reason: row?.reason ?? null,
    agentId: member.agentId,
    firstName: member.firstName,
    number,
    countryCode: member.countryCode,
    taxOk,
    decidedBy: row?.decidedBy ?? null,
  };
}

/** 409: the details are not waiting for a decision (none sent, or decided already). */
const notWaiting = () =>
  new HttpError(409, ErrorCode.conflict, {
    decision: 'These tax details are not waiting for a decision (decided already, or none sent).',
  });

/**
 * Staff confirm or refuse a member's details, in one transaction: the
 * details change only from `sent` (the row's lock makes a second decision
 * made at the same time find them decided: 409), a confirmation sets the tax
 * flag (`writeTaxOk`, audited `member.tax`), the decision is audited
 * `member.tax-details` with the state before and after and the reason, and
 * the member's mail is queued in their language.
 */
export async function decideTaxDetails(
  db: Database,
  member: { agentId: number; number: string; countryCode: string },
  decision: TaxDecision,
  context: { actor: AuditActor; now: Date },
): Promise<void> {
  const state = decision.decision === 'confirm' ? 'confirmed' : 'refused';
  const reason = decision.reason === '' ? null : decision.reason;
  await db.transaction(async (tx) => {
    // Only from sent: a second decision waits for the first's row lock, then finds nothing to decide.
    const [decided] = await tx
      .update(memberTaxDetails)
      .set({
        state,
        reason,
        decidedBy: context.actor.label,
        decidedByStaffId: context.actor.staffId,
        decidedAt: context.now,
      })
      .where(and(eq(memberTaxDetails.agentId, member.agentId), eq(memberTaxDetails.state, 'sent')))
      .returning({ fields: memberTaxDetails.fields });
    if (decided === undefined) throw notWaiting();
    if (state === 'confirmed') {
      const [flag] = await tx
        .select({ taxOk: memberTaxInfo.taxOk })
        .from(memberTaxInfo)
        .where(eq(memberTaxInfo.agentId, member.agentId));
      await writeTaxOk(
        tx,
        { ...member, taxOk: flag?.taxOk === true },
        { taxOk: true, reason: reason ?? 'Tax details confirmed', ...context },
      );
    }
    await recordAudit(
      tx,
      context.actor,
      {
        action: 'member.tax-details',
        targetType: 'member',
        target: member.number,
        countryCode: member.countryCode,
        reason,
        before: { state: 'sent' },
        after: { state },
      },
      context.now,
    );
    const recipient = await mailRecipientOf(tx, member.agentId);
    if (recipient !== undefined) {
      await enqueueMail(tx, {
        to: recipient.email,
        template: state === 'confirmed' ? 'tax-details-confirmed' : 'tax-details-refused',
        countryCode: recipient.countryCode,
        languageCode: recipient.languageCode,
        variables: {
          firstName: recipient.firstName,
          link: await memberPageUrl(tx, recipient, 'gifts'),
          ...(state === 'refused' ? { reason: reason ?? '' } : {}),
        },
      });
    }
  });
}
