import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { systemActor } from '../modules/audit/audit-log.js';
import { addDays } from '../modules/points/calendar-days.js';
import { hashPassword } from '../modules/agents/password.js';
import { agents, directAccessChanges } from '../modules/agents/schema.js';
import { currentTermsVersion } from '../modules/agents/terms-version.js';
import { memberTaxInfo } from '../modules/gifts/schema.js';
import { importAdjustments } from '../modules/points/adjustments/import-adjustments.js';
import { importBookings } from '../modules/points/bookings/import-bookings.js';
import { writeDemoHistory } from './demo-history.js';

const DemoMembersSchema = z.object({
  /** The day the demo files are written as of: their dates move by the days since. */
  asOf: z.iso.date(),
  members: z.array(
    z.object({
      number: z.string().regex(/^\d{7}$/),
      countryCode: z.string().length(2),
      languageCode: z.string().length(3),
      officeId: z.string().min(1),
      title: z.enum(['mr', 'ms', 'mrs', 'dr']),
      firstName: z.string().min(1),
      lastName: z.string().min(1),
      email: z.email(),
      password: z.string().min(7),
      /** Tax information verified: the member may order gifts (member_tax_info). */
      taxOK: z.boolean().default(false),
      /** The terms version the member accepted; by default the one the country publishes. */
      acceptedTermsVersion: z.string().min(1).optional(),
      /** A member of a direct-sales office who registered before it turned direct. */
      isAmadeusDirectUser: z.boolean().default(false),
    }),
  ),
});

export type DemoSummary = {
  members: number;
  bookings: number;
  points: number;
  orders: number;
  lapses: number;
};

/** Every `YYYY-MM-DD` in a line, moved by `days`: the demo stays as fresh as the day it was written. */
export function shiftDates(line: string, days: number): string {
  return days === 0
    ? line
    : line.replace(/"(\d{4}-\d{2}-\d{2})"/g, (_match, day: string) => `"${addDays(day, days)}"`);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const lines = async (path: string) =>
  existsSync(path)
    ? (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim() !== '')
    : [];

/**
 * The demo members of `{contentDir}/demo` with their bookings, points and
 * gift orders, for a first start on an empty database (never in production):
 * a newcomer logs in as one and sees the points screens filled. Members go in
 * directly; bookings and points through the same imports as real files;
 * orders and lapses as the club would have written them on their days
 * (demo-history.ts).
 */
export async function loadDemo(
  db: Database,
  contentDir: string,
  options: { today: string },
): Promise<DemoSummary | null> {
  const folder = join(contentDir, 'demo');
  const membersFile = join(folder, 'members.json');
  if (!existsSync(membersFile)) return null;
  const { asOf, members } = DemoMembersSchema.parse(
    JSON.parse(await readFile(membersFile, 'utf8')),
  );
  const shift = daysBetween(asOf, options.today);
  const shifted = async (path: string) =>
    (await lines(path)).map((line) => shiftDates(line, shift));
  for (const { password, taxOK, acceptedTermsVersion, ...member } of members) {
    const [inserted] = await db
      .insert(agents)
      .values({
        ...member,
        status: 'active',
        activatedAt: new Date(),
        termsAcceptedAt: new Date(),
        acceptedTermsVersion: acceptedTermsVersion ?? currentTermsVersion(member.countryCode),
        passwordHash: await hashPassword(password),
      })
      .onConflictDoNothing()
      .returning({ id: agents.id });
    if (inserted !== undefined && member.isAmadeusDirectUser) {
      await db.insert(directAccessChanges).values({
        agentId: inserted.id,
        isAmadeusDirectUser: true,
        reason: 'office-direct-sales',
        officeId: member.officeId,
        changedAt: new Date(),
      });
    }
    if (inserted !== undefined && taxOK) {
      await db
        .insert(memberTaxInfo)
        .values({ agentId: inserted.id, taxOk: true, verifiedAt: new Date() })
        .onConflictDoNothing();
    }
  }
  const bookings = await importBookings(db, await shifted(join(folder, 'bookings.jsonl')), options);
  const points = await importAdjustments(
    db,
    await shifted(join(folder, 'points.jsonl')),
    options.today,
    systemActor,
  );
  // Gift orders (fulfilled with voucher codes, refunded) and lapses, on their days.
  const history = await writeDemoHistory(
    db,
    await shifted(join(folder, 'orders.jsonl')),
    options.today,
  );
  return {
    members: members.length,
    bookings: bookings.lines,
    points: points.credited + points.archived,
    ...history,
  };
}
