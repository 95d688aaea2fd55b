import { sql } from 'drizzle-orm';
import type { StaffSetupOffer, StaffSetupWire } from '@club/contract/staff-accounts';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { hashPassword } from '../agents/password.js';
import { recordAudit } from '../audit/audit-log.js';
import type { StaffRole } from './schema.js';
import { endAllStaffSessions } from './staff-sessions.js';
import { hashStaffToken, isStaffToken } from './staff-tokens.js';
import { totpUri, verifyTotp } from './totp.js';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.js';

/**
 * A staff member's setup through their single-use link: they see the TOTP
 * secret to enrol, then set their password and prove the enrolment with a
 * code. Unknown, used, replaced and expired links all look the same.
 */

type LiveLink = {
  link_id: number;
  staff_id: number;
  email: string;
  role: StaffRole;
  countries: string[];
  totp_secret: string;
};

/**
 * The link of a token, if it is unused, unexpired and its account is enabled
 * (one statement, by the token's unique index), with its secret readable: a
 * secret encrypted with a key the server no longer has makes the link
 * unusable.
 */
async function liveLink(
  db: Database,
  token: string,
  now: Date,
  totpSecretKey: Buffer | undefined,
): Promise<LiveLink | undefined> {
  if (!isStaffToken(token)) return undefined;
  const result = await db.execute(sql`
    select l.id as link_id, a.id as staff_id, a.email, a.role, a.countries, l.totp_secret
    from staff_setup_links l join staff_accounts a on a.id = l.staff_id
    where l.token_hash = ${hashStaffToken(token)}
      and l.used_at is null
      and l.expires_at > ${now.toISOString()}
      and a.disabled_at is null`);
  const link = rowsOf<LiveLink>(result)[0];
  if (link === undefined) return undefined;
  const secret = openTotpSecret(link.totp_secret, totpSecretKey);
  return secret === undefined ? undefined : { ...link, totp_secret: secret };
}

/** What the setup screen shows: who the link is for and the secret to enrol. */
export async function staffSetupOffer(
  db: Database,
  token: string,
  now: Date,
  totpSecretKey: Buffer | undefined,
): Promise<StaffSetupOffer | undefined> {
  const link = await liveLink(db, token, now, totpSecretKey);
  if (link === undefined) return undefined;
  return {
    email: link.email,
    role: link.role,
    countries: link.countries,
    totpSecret: link.totp_secret,
    totpUri: totpUri(link.totp_secret, link.email),
  };
}

export type SetupResult = 'set-up' | 'link-dead' | 'code-wrong';

class LinkTaken extends Error {}

/**
 * Sets the password and the enrolled secret. The link is marked used in one
 * statement that only an unused, unexpired link passes, so two uses at once
 * cannot both win; the code given here counts as used (the first login takes
 * a later one).
 */
export async function completeStaffSetup(
  db: Database,
  wire: StaffSetupWire,
  now: Date,
  totpSecretKey: Buffer | undefined,
): Promise<SetupResult> {
  const link = await liveLink(db, wire.token, now, totpSecretKey);
  if (link === undefined) return 'link-dead';
  const step = verifyTotp(link.totp_secret, wire.code, now.getTime());
  if (step === null) return 'code-wrong';
  const passwordHash = await hashPassword(wire.password);
  // Encrypted anew for the account (a link made before the key was given holds it plain).
  const storedSecret = sealTotpSecret(link.totp_secret, totpSecretKey);
  try {
    await db.transaction(async (tx) => {
      const taken = await tx.execute(sql`
        update staff_setup_links set used_at = ${now.toISOString()}
        where id = ${link.link_id} and used_at is null and expires_at > ${now.toISOString()}
        returning id`);
      const account = await tx.execute(sql`
        update staff_accounts
        set password_hash = ${passwordHash}, totp_secret = ${storedSecret}, totp_last_step = ${step}
        where id = ${link.staff_id} and disabled_at is null
        returning id`);
      if (rowsOf(taken).length === 0 || rowsOf(account).length === 0) throw new LinkTaken();
      await endAllStaffSessions(tx, link.staff_id, now);
      await recordAudit(
        tx,
        { staffId: link.staff_id, label: link.email },
        {
          action: 'staff.setup',
          targetType: 'staff',
          target: link.email,
          before: { state: 'waiting-for-setup' },
          after: { state: 'set-up' },
        },
        now,
      );
    });
  } catch (error) {
    if (error instanceof LinkTaken) return 'link-dead';
    throw error;
  }
  return 'set-up';
}
