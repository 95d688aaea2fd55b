import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../db/client.js';
import { agentLinks, agents, sessions } from '../agents/schema.js';
import { loginFailures } from '../limits/schema.js';
import { enqueueMail } from '../mail/outbox.js';
import { mailOutbox } from '../mail/schema.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { serverUrl } from '../../testing/test-database.js';
import { createLink } from './links.js';
import { purgeDeletedMembers } from './purge-deleted-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { linkLifeTime: { defaultDays: 30, byCountry: { ae: 14 } } } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(agents).where(inArray(agents.status, ['deleted', 'purged']));
});

/** A member deleted `days` ago, with a session, a link and a mail. */
async function deletedDaysAgo(days: number, overrides: Parameters<typeof createAgent>[1] = {}) {
  const member = await createAgent(t.database.db, { status: 'deleted', ...overrides });
  await t.database.db
    .update(agents)
    .set({ deletedAt: sql`now() - ${days} * interval '1 day'` })
    .where(eq(agents.id, member.id));
  await t.database.db.insert(sessions).values({
    agentId: member.id,
    tokenHash: `hash-${member.id}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await t.database.db.transaction(async (tx) => {
    await createLink(tx, { agentId: member.id, purpose: 'restore-account', lifetimeMs: 3_600_000 });
    await enqueueMail(tx, {
      to: member.email,
      template: 'restore-account',
      countryCode: member.countryCode,
      languageCode: member.languageCode,
      variables: {
        link: 'http://gr.localhost:3000/restore-confirm?token=x',
        firstName: member.firstName,
      },
    });
  });
  return member;
}

/** The member is still an account (a purged member's row is a tombstone, no account). */
async function exists(id: number): Promise<boolean> {
  const rows = await t.database.db
    .select({ status: agents.status })
    .from(agents)
    .where(eq(agents.id, id));
  return rows.length === 1 && rows[0]!.status !== 'purged';
}

describe('purge of deleted members', () => {
  it("purges members deleted longer ago than their country's linkLifeTime: their sessions, links and mail go, their row becomes a tombstone", async () => {
    const old = await deletedDaysAgo(31);
    const recent = await deletedDaysAgo(29);
    const oldInAe = await deletedDaysAgo(15, { countryCode: 'ae', languageCode: 'ara' });
    const recentInAe = await deletedDaysAgo(13, { countryCode: 'ae', languageCode: 'ara' });
    const active = await createAgent(t.database.db);
    await t.database.db
      .insert(loginFailures)
      .values(
        [old, recent].flatMap((member) =>
          [`number:${member.number}`, `device:${member.number}:nonce-of-a-device-cookie`].map(
            (key) => ({ key, failures: 1, windowStartedAt: new Date() }),
          ),
        ),
      );

    expect(await t.app.memberPurge.runNow()).toEqual({ purged: 2, skipped: false });
    const counters = await t.database.db.select({ key: loginFailures.key }).from(loginFailures);
    expect(counters.map((row) => row.key)).toContain(`number:${recent.number}`);
    expect(counters.map((row) => row.key)).not.toContain(`number:${old.number}`);
    expect(counters.map((row) => row.key)).toContain(
      `device:${recent.number}:nonce-of-a-device-cookie`,
    );
    expect(counters.map((row) => row.key)).not.toContain(
      `device:${old.number}:nonce-of-a-device-cookie`,
    );
    expect(await exists(old.id)).toBe(false);
    expect(await exists(oldInAe.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(recentInAe.id)).toBe(true);
    expect(await exists(active.id)).toBe(true);

    const gone = [old.id, oldInAe.id];
    expect(
      await t.database.db.select().from(sessions).where(inArray(sessions.agentId, gone)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(agentLinks).where(inArray(agentLinks.agentId, gone)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, [old.email, oldInAe.email])),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recent.email)),
    ).toHaveLength(1);

    const [tombstone] = await t.database.db.select().from(agents).where(eq(agents.id, old.id));
    expect(tombstone).toMatchObject({
      status: 'purged',
      countryCode: old.countryCode,
      title: '',
      firstName: '',
      lastName: '',
      phone: '',
      address: '',
      giftDeliveryAddress: '',
      sign: '',
      passwordHash: '',
    });
    expect(tombstone!.number).toMatch(/^purged-[0-9a-z]{13}$/);
    expect(tombstone!.email).toBe(tombstone!.number);
    const [otherTombstone] = await t.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, oldInAe.id));
    expect(otherTombstone!.number).not.toBe(tombstone!.number);
  });

  it('is idempotent: a second run finds nothing', async () => {
    await deletedDaysAgo(40);
    expect((await t.app.memberPurge.runNow()).purged).toBe(1);
    expect(await t.app.memberPurge.runNow()).toEqual({ purged: 0, skipped: false });
  });

  it('runs the steps of later modules in its transaction, before the members become tombstones', async () => {
    const member = await deletedDaysAgo(45);
    const seen: { ids: number[]; numbers: string[]; stillThere: boolean }[] = [];
    const purge = await purgeDeletedMembers(t.database.db, t.config, [
      async (tx, members) => {
        const ids = members.map((purged) => purged.id);
        const rows = await tx
          .select({ id: agents.id })
          .from(agents)
          .where(and(inArray(agents.id, ids), eq(agents.status, 'deleted')));
        seen.push({
          ids,
          numbers: members.map((purged) => purged.number),
          stillThere: rows.length === ids.length,
        });
      },
    ]);
    expect(purge.purged).toBe(1);
    expect(seen).toEqual([{ ids: [member.id], numbers: [member.number], stillThere: true }]);
  });

  it('a failing step rolls the batch back: nothing half purged', async () => {
    const member = await deletedDaysAgo(45);
    await expect(
      purgeDeletedMembers(t.database.db, t.config, [
        () => Promise.reject(new Error('ledger unavailable')),
      ]),
    ).rejects.toThrow('ledger unavailable');
    expect(await exists(member.id)).toBe(true);
  });

  it('removes sent mail older than 30 days, keeps newer and unsent mail', async () => {
    const keep = await createAgent(t.database.db);
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i += 1) {
        await enqueueMail(tx, {
          to: keep.email,
          template: 'already-active',
          countryCode: 'gr',
          languageCode: 'eng',
          variables: { loginLink: 'http://gr.localhost:3000/login' },
        });
      }
    });
    const rows = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, keep.email));
    const [oldSent, newSent, oldUnsent] = rows.map((row) => row.id) as [number, number, number];
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '40 days'`, sentAt: sql`now() - interval '40 days'` })
      .where(eq(mailOutbox.id, oldSent));
    await t.database.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(eq(mailOutbox.id, newSent));
    await t.database.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(mailOutbox.id, oldUnsent));
    await t.app.memberPurge.runNow();
    const left = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, keep.email));
    expect(left.map((row) => row.id).sort()).toEqual([newSent, oldUnsent].sort());
  });

  it.runIf(serverUrl !== undefined)(
    'on PostgreSQL: processes purging together remove each member once; a held lock makes the others skip',
    async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => deletedDaysAgo(60)));
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: t.database.url })),
      );
      try {
        const results = await Promise.all(
          handles.map((handle) => purgeDeletedMembers(handle.db, t.config)),
        );
        expect(results.reduce((sum, result) => sum + result.purged, 0)).toBe(6);
        for (const member of members) expect(await exists(member.id)).toBe(false);

        // Another process in the middle of a purge: this one skips instead of waiting.
        await deletedDaysAgo(60);
        const holder = new pg.Client({ connectionString: t.database.url });
        await holder.connect();
        try {
          await holder.query('begin');
          await holder.query('select pg_advisory_xact_lock(4242021)');
          expect(await purgeDeletedMembers(t.database.db, t.config)).toEqual({
            purged: 0,
            skipped: true,
          });
          await holder.query('rollback');
          expect((await purgeDeletedMembers(t.database.db, t.config)).purged).toBe(1);
        } finally {
          await holder.end();
        }
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    },
  );
});
