import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agents } from '../agents/schema.js';
import { recordAudit, systemActor } from './audit-log.js';
import { auditEntries } from './schema.js';

/**
 * The audit log's triggers (migrations 0015, 0026, 0027), on the embedded
 * database and, with DATABASE_URL, on PostgreSQL: even the tables' owner can
 * neither empty nor rewrite it; the one change allowed is the purge's
 * pseudonymisation of a purged member's entries, once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The database's reason for refusing a statement (the driver's error is the cause of the ORM's). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.database.db.execute(statement);
    return 'not refused';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
}

async function entriesOf(target: string) {
  return t.database.db.select().from(auditEntries).where(eq(auditEntries.target, target));
}

describe('the audit log', () => {
  it('refuses TRUNCATE, DELETE and UPDATE, from the owner of the table too', async () => {
    await t.database.db.transaction((tx) =>
      recordAudit(tx, systemActor, { action: 'test.entry', targetType: 'test', target: 'kept' }),
    );
    expect(await refusal(sql`truncate audit_entries`)).toMatch(/append-only: TRUNCATE refused/);
    expect(await refusal(sql`truncate audit_entries cascade`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_entries`)).toMatch(/append-only/);
    expect(await refusal(sql`update audit_entries set actor = 'someone else'`)).toMatch(
      /append-only/,
    );
    expect(await entriesOf('kept')).toHaveLength(1);
  });

  it("lets a purged member's entries be pseudonymised once, and nothing else", async () => {
    const member = await createAgent(t.database.db, { email: 'kept.secret@example.com' });
    await t.database.db.transaction((tx) =>
      recordAudit(tx, systemActor, {
        action: 'member.resend-confirmation',
        targetType: 'member',
        target: member.number,
        countryCode: 'gr',
        reason: `Asked by ${member.email}`,
        before: { status: 'pending' },
        after: { status: 'pending', confirmationMailTo: member.email, tries: [1, 'x'] },
      }),
    );
    const pseudonym = 'purged-0123456789abc';
    const rewrite = (target: string, after: string, reason = '(removed)') =>
      refusal(sql`update audit_entries set target = ${target}, reason = ${reason},
        after = ${after}::jsonb where target = ${member.number}`);
    const redacted = JSON.stringify({
      status: 'pending',
      confirmationMailTo: '(removed)',
      tries: [1, 'x'],
    });

    // The member still has the number: the entry is theirs.
    expect(await rewrite(pseudonym, redacted)).toMatch(/append-only: UPDATE refused/);
    await t.database.db
      .update(agents)
      .set({ status: 'purged', number: pseudonym, email: pseudonym })
      .where(eq(agents.id, member.id));

    // Anything but the purge's change is refused.
    expect(await rewrite('purged-someone-else', redacted)).toMatch(/UPDATE refused/);
    expect(
      await rewrite(
        pseudonym,
        JSON.stringify({ status: 'active', confirmationMailTo: '(removed)', tries: [1, 'x'] }),
      ),
    ).toMatch(/UPDATE refused/);
    expect(
      await rewrite(
        pseudonym,
        JSON.stringify({
          status: 'pending',
          confirmationMailTo: 'other@example.com',
          tries: [1, 'x'],
        }),
      ),
    ).toMatch(/UPDATE refused/);
    expect(
      await rewrite(
        pseudonym,
        JSON.stringify({ status: 'pending', confirmationMailTo: '(removed)', tries: [2, 'x'] }),
      ),
    ).toMatch(/UPDATE refused/);
    expect(
      await rewrite(pseudonym, JSON.stringify({ status: 'pending', tries: [1, 'x'] })),
    ).toMatch(/UPDATE refused/);
    expect(await rewrite(pseudonym, redacted, 'Another reason')).toMatch(/UPDATE refused/);
    expect(
      await refusal(sql`update audit_entries set target = ${pseudonym}, action = 'other'
        where target = ${member.number}`),
    ).toMatch(/UPDATE refused/);

    // The purge's own change goes through, once.
    expect(await rewrite(pseudonym, redacted)).toBe('not refused');
    const [entry] = await entriesOf(pseudonym);
    expect(entry).toMatchObject({
      action: 'member.resend-confirmation',
      target: pseudonym,
      reason: '(removed)',
      before: { status: 'pending' },
      after: { status: 'pending', confirmationMailTo: '(removed)', tries: [1, 'x'] },
    });
    expect(
      await refusal(sql`update audit_entries set reason = 'again' where target = ${pseudonym}`),
    ).toMatch(/UPDATE refused/);
    expect(await refusal(sql`delete from audit_entries where target = ${pseudonym}`)).toMatch(
      /append-only/,
    );
  });
});
