import { userInfo } from 'node:os';
import type { Transaction } from '../../db/client.js';
import { auditEntries } from './schema.js';

/** Who makes a change: a staff account of the console, a command-line tool, or the club itself. */
export type AuditActor = {
  /** The staff account, when the change comes from the console. */
  staffId: number | null;
  /** How the audit log names the actor: the staff email, `command-line (user)`, `system`. */
  label: string;
};

/** A change to record; `before` and `after` are the changed values as plain JSON. */
export type AuditChange = {
  action: string;
  targetType: string;
  target: string;
  countryCode?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** The actor of a command-line tool run by this operating-system user. */
export function commandLineActor(user: string = currentUser()): AuditActor {
  return { staffId: null, label: `command-line (${user})` };
}

export const systemActor: AuditActor = { staffId: null, label: 'system' };

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * Writes one audit entry in the caller's transaction: the entry commits or
 * rolls back with the change it records (a `Database` is not a transaction,
 * so the type checker refuses a call outside one).
 */
export async function recordAudit(
  tx: Transaction,
  actor: AuditActor,
  change: AuditChange,
  at?: Date,
): Promise<void> {
  await tx.insert(auditEntries).values({
    ...(at === undefined ? {} : { at }),
    staffId: actor.staffId,
    actor: actor.label,
    action: change.action,
    targetType: change.targetType,
    target: change.target,
    countryCode: change.countryCode ?? null,
    reason: change.reason ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}
