import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRecord,
  entriesOf,
  ledgerProblems,
  queueConfig,
  sendQueue,
} from '../../testing/booking-records.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { serverUrl } from '../../testing/test-database.js';
import { auditEntries } from '../audit/schema.js';
import { decideClaim } from './claim-decision.js';
import { staffClaim } from './claim-queue.js';
import { fileClaim } from './member-claims.js';
import { missingPointsClaims } from './schema.js';

/**
 * Claims under concurrency, on PostgreSQL (the embedded database is one
 * connection, so nothing there runs at once): a claim decided many times at
 * once is decided once with one credit, claims filed at once keep to the
 * open limit, and an approval racing the booking's import never pays twice.
 */

const actorOf = (n: number) => ({ staffId: null, label: `staff-${n}@example.com` });
const today = '2030-06-01';
const now = new Date('2030-06-01T09:00:00Z');
let pnrs = 0;
const newPnr = () => `RACE${String(++pnrs).padStart(3, '0')}`;

describe.runIf(serverUrl !== undefined)('claims under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: () => now.getTime(),
      config: { ...queueConfig(), staff: { ...testConfig().staff, claimsOpenLimit: 3 } },
    });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const member = () => createAgent(db(), { countryCode: 'gr', officeId: 'ATHGR0001' });
  const file = (agent: { id: number }, pnr: string) =>
    fileClaim(
      db(),
      { id: agent.id, countryCode: 'gr' },
      { pnr, travelDate: '2030-05-01', booked: 'hotel', note: null },
      { now, openLimit: 3 },
    );
  const decide = async (id: number, n: number, approve: boolean) => {
    const claim = (await staffClaim(db(), id))!;
    return decideClaim(
      db(),
      claim,
      approve
        ? { decision: 'approve', points: 10, reason: `credit ${n}` }
        : { decision: 'reject', reason: `no ${n}` },
      { actor: actorOf(n), now, today },
    ).then(
      () => 'decided',
      (error: { statusCode?: number }) => (error.statusCode === 409 ? 'conflict' : error),
    );
  };

  it('eight decisions of one claim at once: one wins, one credit, one audit entry', async () => {
    for (let round = 0; round < 5; round++) {
      const agent = await member();
      const claim = await file(agent, newPnr());
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, n) => decide(claim.id, n, n % 3 !== 0)),
      );
      expect(outcomes.filter((outcome) => outcome === 'decided')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'conflict')).toHaveLength(7);
      const [row] = await db()
        .select()
        .from(missingPointsClaims)
        .where(eq(missingPointsClaims.id, claim.id));
      const entries = await entriesOf(db(), agent.id);
      expect(entries).toHaveLength(row!.state === 'approved' ? 1 : 0);
      const audits = await db()
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.target, String(claim.id)));
      expect(audits.filter((entry) => entry.action === 'claim.decision')).toHaveLength(1);
    }
    expect(await ledgerProblems(db())).toEqual([]);
  });

  it('claims filed at once keep to the open limit and to one open claim per PNR', async () => {
    const agent = await member();
    const same = newPnr();
    const outcomes = await Promise.allSettled([
      file(agent, same),
      file(agent, same),
      ...Array.from({ length: 6 }, () => file(agent, newPnr())),
    ]);
    const open = await db()
      .select()
      .from(missingPointsClaims)
      .where(eq(missingPointsClaims.agentId, agent.id));
    expect(open).toHaveLength(3);
    expect(open.filter((claim) => claim.pnr === same).length).toBeLessThanOrEqual(1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect((outcome.reason as { statusCode?: number }).statusCode).toBe(400);
      }
    }
  });

  it('an approval racing the booking’s import pays the PNR once', async () => {
    for (let round = 0; round < 6; round++) {
      const agent = await member();
      const pnr = newPnr();
      const claim = await file(agent, pnr);
      await Promise.all([
        decide(claim.id, round, true),
        sendQueue(t.app, [
          bookingRecord({
            pnr,
            member: agent.number,
            segments: [{ kind: 'hotel', serviceDate: '2030-05-01' }],
          }),
        ]),
      ]);
      const [row] = await db()
        .select()
        .from(missingPointsClaims)
        .where(eq(missingPointsClaims.id, claim.id));
      const credited = (await entriesOf(db(), agent.id)).reduce((sum, e) => sum + e.amount, 0);
      // Approved first: the booking earns nothing; matched first: the booking's 10 only.
      expect(['approved', 'matched']).toContain(row!.state);
      expect(credited).toBe(10);
    }
    expect(await ledgerProblems(db())).toEqual([]);
  });
});
