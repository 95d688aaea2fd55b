import type { Database, Transaction } from '../../db/client.js';
import { recordAudit } from '../audit/audit-log.js';

/**
 * Staff logins in the audit log: who got in, and every checked attempt that
 * did not (attempts the backoff refuses are not checked, and only logged).
 * A success is the account's own entry (its owner sees it); a failure has no
 * actor who proved who they are, so it is the login form's, seen by admins.
 */

/** Why a checked login failed; the answer never says it, the audit log does for admins. */
export type LoginFailure =
  'unknown-email' | 'not-set-up' | 'disabled' | 'wrong-password-or-code' | 'code-used';

/** The actor of a failed login: nobody proved who they are. */
export const loginFormActor = { staffId: null, label: 'login form' } as const;

/** Target of a failed login at an email with no account: the text typed is not kept (it may be a password). */
export const unknownEmailTarget = 'unknown email';

type Account = { id: number; email: string };

export async function recordStaffLogin(
  tx: Transaction,
  login: { account: Account; address: string; trustedDevice: boolean; at: Date },
): Promise<void> {
  await recordAudit(
    tx,
    { staffId: login.account.id, label: login.account.email },
    {
      action: 'staff.login',
      targetType: 'staff',
      target: login.account.email,
      after: { address: login.address, trustedDevice: login.trustedDevice },
    },
    login.at,
  );
}

export async function recordStaffLoginFailure(
  db: Database,
  attempt: { account: Account | undefined; failure: LoginFailure; address: string; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await recordAudit(
      tx,
      loginFormActor,
      {
        action: 'staff.login-failed',
        targetType: 'staff',
        target: attempt.account?.email ?? unknownEmailTarget,
        after: { address: attempt.address, failure: attempt.failure },
      },
      attempt.at,
    );
  });
}
