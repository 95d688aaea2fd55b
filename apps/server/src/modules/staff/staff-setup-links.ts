import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { staffSetupLinks } from './schema.js';
import { newStaffToken } from './staff-tokens.js';
import { newTotpSecret } from './totp.js';
import { sealTotpSecret } from './totp-secrets.js';

export type IssuedSetupLink = { setupLink: string; expiresAt: string };

/**
 * Voids the account's unused setup links (a disabled account): enabling it
 * again does not bring them back; an admin hands over a new one. Answers
 * whether there was one.
 */
export async function voidSetupLinks(tx: Transaction, staffId: number): Promise<boolean> {
  const voided = await tx
    .delete(staffSetupLinks)
    .where(and(eq(staffSetupLinks.staffId, staffId), isNull(staffSetupLinks.usedAt)))
    .returning({ id: staffSetupLinks.id });
  return voided.length > 0;
}

/**
 * A new single-use setup link for a staff account, with a new TOTP secret to
 * enrol: older unused links of the account stop working (only the newest one
 * handed over counts). The token is only in the link; the table keeps its hash,
 * and the secret encrypted when a key is given (totp-secrets.ts).
 */
export async function issueSetupLink(
  tx: Transaction,
  staffId: number,
  now: Date,
  options: { publicBaseUrl: string; setupLinkHours: number; totpSecretKey: Buffer | undefined },
): Promise<IssuedSetupLink> {
  await voidSetupLinks(tx, staffId);
  const { token, tokenHash } = newStaffToken();
  const expiresAt = new Date(now.getTime() + options.setupLinkHours * 3_600_000);
  await tx.insert(staffSetupLinks).values({
    staffId,
    tokenHash,
    totpSecret: sealTotpSecret(newTotpSecret(), options.totpSecretKey),
    createdAt: now,
    expiresAt,
  });
  return {
    setupLink: `${options.publicBaseUrl}/staff/setup?token=${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}
