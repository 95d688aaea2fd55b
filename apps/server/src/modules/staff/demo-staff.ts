import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hashPassword } from '../agents/password.js';
import { recordAudit, systemActor } from '../audit/audit-log.js';
import { staffAccounts, type StaffRole } from './schema.js';
import { sealTotpSecret } from './totp-secrets.js';

/**
 * The demo staff accounts a first start of an empty database creates without
 * PRODUCTION, listed in the README with their password and TOTP secret: demo
 * only, never in production.
 */
export const demoStaff: readonly {
  email: string;
  role: StaffRole;
  countries: string[];
  password: string;
  totpSecret: string;
}[] = [
  {
    email: 'admin@example.com',
    role: 'admin',
    countries: [],
    password: 'demo-admin-passphrase',
    totpSecret: 'UG66MIATC54NIVXO6FBYQBXJOVRV7RV6',
  },
  {
    email: 'manager.at@example.com',
    role: 'manager',
    countries: ['at'],
    password: 'demo-manager-passphrase',
    totpSecret: '2Z2IZKH47F6UXXXYOHXKIC3XNMXXVDE6',
  },
];

/**
 * Creates the demo staff when there is no staff account yet (their secrets
 * encrypted with TOTP_SECRET_KEY when there is one); answers how many it created.
 */
export async function createDemoStaff(db: Database, totpSecretKey?: Buffer): Promise<number> {
  // Every later start finds staff at once: the password hashes are made only for an empty table.
  const [any] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
  if (any !== undefined) return 0;
  const hashes = await Promise.all(demoStaff.map((staff) => hashPassword(staff.password)));
  return db.transaction(async (tx) => {
    // One start at a time: several processes starting on one empty database create them once.
    await tx.execute(sql`lock table staff_accounts in exclusive mode`);
    const [existing] = await tx.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
    if (existing !== undefined) return 0;
    for (const [index, staff] of demoStaff.entries()) {
      await tx.insert(staffAccounts).values({
        email: staff.email,
        role: staff.role,
        countries: staff.countries,
        passwordHash: hashes[index],
        totpSecret: sealTotpSecret(staff.totpSecret, totpSecretKey),
      });
      await recordAudit(tx, systemActor, {
        action: 'staff.create-demo',
        targetType: 'staff',
        target: staff.email,
        after: { email: staff.email, role: staff.role, countries: staff.countries },
        reason: 'demo staff of a first start without PRODUCTION',
      });
    }
    return demoStaff.length;
  });
}
