import { commandLineActor } from '../audit/audit-log.js';
import { auditEntries } from '../audit/schema.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, fixtureContentDir, type TestApp } from '../../testing/test-app.js';
import { login, sessionOf } from '../../testing/agent-requests.js';
import type { CommandOutput } from '../../staff-commands/staff-command.js';
import { loadOffices } from '../offices/load-offices.js';
import { directAccessCommand, directAccessCommandUsage } from './direct-access-cli.js';
import { markMembersOfDirectOffices as onTurnedDirect } from './direct-access.js';
import { agents, directAccessChanges } from './schema.js';

/**
 * Direct-access users (spec 2 §4 "Direct-channel overlay"): marked when their
 * office turns to direct sales in the offices directory, and by staff.
 */

let t: TestApp;
let contentDir: string;
beforeAll(async () => {
  t = await createTestApp();
  contentDir = mkdtempSync(join(tmpdir(), 'club-direct-access-'));
  cpSync(fixtureContentDir, contentDir, { recursive: true });
});
afterAll(async () => {
  rmSync(contentDir, { recursive: true, force: true });
  await t.close();
});

/** Rewrites the fixture's offices of Greece with `officeId` turned to direct sales or back. */
function officeTurns(officeId: string, isAmadeusDirectOffice: boolean): void {
  const path = join(contentDir, 'offices', 'gr.json');
  const file = JSON.parse(readFileSync(path, 'utf8')) as {
    offices: { officeId: string; isAmadeusDirectOffice: boolean }[];
  };
  for (const office of file.offices) {
    if (office.officeId === officeId) office.isAmadeusDirectOffice = isAmadeusDirectOffice;
  }
  writeFileSync(path, JSON.stringify(file));
}

const flagOf = async (id: number) =>
  (
    await t.database.db
      .select({ direct: agents.isAmadeusDirectUser })
      .from(agents)
      .where(eq(agents.id, id))
  )[0]?.direct;

const changesOf = (id: number) =>
  t.database.db
    .select({
      isAmadeusDirectUser: directAccessChanges.isAmadeusDirectUser,
      reason: directAccessChanges.reason,
      officeId: directAccessChanges.officeId,
      changedAt: directAccessChanges.changedAt,
    })
    .from(directAccessChanges)
    .where(eq(directAccessChanges.agentId, id))
    .orderBy(asc(directAccessChanges.id));

/** As content:load loads the offices directory. */
describe('an office that turns to direct sales', () => {
  it('makes its registered members direct-access users, recording when and why, once', async () => {
    const active = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const pending = await createAgent(t.database.db, { officeId: 'ATHGR0001', status: 'pending' });
    const elsewhere = await createAgent(t.database.db, { officeId: 'ATHGR0002' });
    const at = new Date('2026-11-26T08:00:00Z');

    officeTurns('ATHGR0001', true);
    const summary = await loadOffices(t.database.db, contentDir, { at, onTurnedDirect });
    expect(summary.directAccessMembers).toBe(2);
    expect(await flagOf(active.id)).toBe(true);
    expect(await flagOf(pending.id)).toBe(true);
    expect(await flagOf(elsewhere.id)).toBe(false);
    expect(await changesOf(active.id)).toEqual([
      {
        isAmadeusDirectUser: true,
        reason: 'office-direct-sales',
        officeId: 'ATHGR0001',
        changedAt: at,
      },
    ]);
    // The member's user check carries the flag: the web app shows the redirect overlay.
    const answer = sessionOf(await login(t.app, active.number, active.password));
    expect(answer.user.isAmadeusDirectUser).toBe(true);

    // Loading the same directory again changes nothing, and records nothing.
    expect(
      (await loadOffices(t.database.db, contentDir, { onTurnedDirect })).directAccessMembers,
    ).toBe(0);
    expect(await changesOf(active.id)).toHaveLength(1);
  });

  it('leaves members of offices that were direct already (staff may have unmarked them) and of offices that turn back', async () => {
    officeTurns('ATHGR0001', true);
    await loadOffices(t.database.db, contentDir, { onTurnedDirect });
    const unmarked = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    await loadOffices(t.database.db, contentDir, { onTurnedDirect });
    expect(await flagOf(unmarked.id)).toBe(false);

    const marked = await createAgent(t.database.db, {
      officeId: 'ATHGR0001',
      isAmadeusDirectUser: true,
    });
    officeTurns('ATHGR0001', false);
    await loadOffices(t.database.db, contentDir, { onTurnedDirect });
    expect(await flagOf(marked.id)).toBe(true);
  });
});

function capture(): CommandOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), error: (line) => errors.push(line) };
}

/** Runs `npm run members:direct-access -- …args` on the test database; answers the exit code. */
async function runCommand(args: string[], output = capture(), at = Date.now()) {
  const job = await directAccessCommand.prepare(args, '/', output);
  if (typeof job === 'number') return job;
  return job({
    db: t.database.db,
    config: t.config,
    output,
    now: () => at,
    actor: commandLineActor('tester'),
  });
}

describe('npm run members:direct-access', () => {
  it('marks a member as a direct-access user, and --off takes the mark away, each recorded', async () => {
    const member = await createAgent(t.database.db);
    const output = capture();
    const markedAt = Date.parse('2026-11-26T09:00:00Z');
    expect(await runCommand([member.number], output, markedAt)).toBe(0);
    expect(await flagOf(member.id)).toBe(true);
    expect(await runCommand([member.number], output)).toBe(0);
    const unmarkedAt = Date.parse('2026-11-26T10:00:00Z');
    expect(await runCommand([member.number, '--off'], output, unmarkedAt)).toBe(0);
    expect(await flagOf(member.id)).toBe(false);
    expect(output.lines).toEqual([
      `Member ${member.number}: now a direct-access user`,
      `Member ${member.number}: already a direct-access user`,
      `Member ${member.number}: now not a direct-access user`,
    ]);
    expect(await changesOf(member.id)).toEqual([
      { isAmadeusDirectUser: true, reason: 'staff', officeId: null, changedAt: new Date(markedAt) },
      {
        isAmadeusDirectUser: false,
        reason: 'staff',
        officeId: null,
        changedAt: new Date(unmarkedAt),
      },
    ]);
  });

  it("writes the audit entry with the command's actor, as the console's service does", async () => {
    const member = await createAgent(t.database.db);
    expect(await runCommand([member.number])).toBe(0);
    expect(await runCommand([member.number])).toBe(0);
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, member.number));
    expect(entries).toMatchObject([
      {
        staffId: null,
        actor: 'command-line (tester)',
        action: 'member.mark-direct-access',
        targetType: 'member',
        countryCode: member.countryCode,
        before: { isAmadeusDirectUser: false },
        after: { isAmadeusDirectUser: true },
      },
    ]);
  });

  it('says so for an unknown number, and refuses bad arguments before any work', async () => {
    const output = capture();
    expect(await runCommand(['99999999'], output)).toBe(1);
    expect(output.errors).toEqual(['No member with number 99999999']);
    for (const args of [[], ['12a'], ['123', 'off'], ['123', '--off', 'x']]) {
      const refused = capture();
      expect(await runCommand(args, refused)).toBe(2);
      expect(refused.errors).toEqual([directAccessCommandUsage]);
    }
  });
});
