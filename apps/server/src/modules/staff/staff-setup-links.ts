import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { staffSetupLinks } from './schema.js';
import { newStaffToken } from './staff-tokens.js';
import { newTotpSecret } from './totp.js';

export type IssuedSetupLink = { setupLink: string; expiresAt: string };

/**
 * A new single-use setup link for a staff account, with a new TOTP secret to
 * enrol: older unused links of the account stop working (only the newest one
 * handed over counts). The token is only in the link; the table keeps its hash.
 */
export async function issueSetupLink(
  tx: Transaction,
  staffId: number,
  now: Date,
  options: { publicBaseUrl: string; setupLinkHours: number },
): Promise<IssuedSetupLink> {
  await tx
    .delete(staffSetupLinks)
    .where(and(eq(staffSetupLinks.staffId, staffId), isNull(staffSetupLinks.usedAt)));
  const { token, tokenHash } = newStaffToken();
  const expiresAt = new Date(now.getTime() + options.setupLinkHours * 3_600_000);
  await tx.insert(staffSetupLinks).values({
    staffId,
    tokenHash,
    totpSecret: newTotpSecret(),
    createdAt: now,
    expiresAt,
  });
  return {
    setupLink: `${options.publicBaseUrl}/staff/setup?token=${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}
