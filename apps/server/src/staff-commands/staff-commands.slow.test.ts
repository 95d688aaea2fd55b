import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerLockName, processStart } from '../db/data-dir-owner.js';
import { createTestDatabase, serverUrl, type TestDatabase } from '../testing/test-database.js';
import { bookingRecord, jsonLines } from '../testing/booking-records.js';
import { socketName } from './channel-protocol.js';
import { freePort, runCommand, ServerProcess } from '../testing/server-process.js';

/**
 * The staff commands beside a running server (issue: one writer for the
 * embedded database): real processes on a DATA_DIR in a temp folder.
 */

const entries = {
  link: 'src/modules/agencies/link-command.ts',
  content: 'src/staff-commands/content-load-command.ts',
  contentExport: 'src/staff-commands/content-export-command.ts',
  bookings: 'src/staff-commands/bookings-import-command.ts',
  points: 'src/modules/points/adjustments/adjustments-command.ts',
  fulfil: 'src/modules/gifts/provider/fulfil-command.ts',
  tax: 'src/modules/gifts/ordering/tax-command.ts',
  directAccess: 'src/modules/agents/direct-access-command.ts',
  staffAdd: 'src/modules/staff/staff-add-command.ts',
};
const handedOver = (pid: number) =>
  `Handed over to the server (process ${pid}), which holds the embedded database.`;
const demoMember = { number: '9000001', password: 'demo2026' };

const root = mkdtempSync(join(tmpdir(), 'club-writer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function agencyLinkOpens(server: ServerProcess, link: string): Promise<unknown> {
  const response = await fetch(
    server.url(`/s2c/auth/v1/agency/state-change-request${new URL(link).search}`),
  );
  return response.json();
}

async function statusReport(
  server: ServerProcess,
): Promise<{ available: number; additional: number }> {
  const login = await fetch(server.url('/s2c/auth/v1/token/agent'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demoMember.number, password: demoMember.password }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(
    server.url(`/s2c/auth/v1/agent-points?number=${demoMember.number}`),
    {
      headers: { authorization: `Bearer ${data.token}` },
    },
  );
  return ((await response.json()) as { data: { available: number; additional: number } }).data;
}

describe('on the embedded database, with the server running', () => {
  const dataDir = join(root, 'data');
  const env = { DATA_DIR: dataDir };
  let server: ServerProcess;

  beforeAll(async () => {
    server = new ServerProcess(await freePort(), env);
    await server.waitFor('staff commands are handed to this server');
  });
  afterAll(() => server.stop('SIGKILL'));

  it('owns DATA_DIR: the lock names it, and only its own user may reach its socket', () => {
    expect(JSON.parse(readFileSync(join(dataDir, ownerLockName), 'utf8'))).toEqual({
      pid: server.pid,
      role: 'server',
      start: processStart(server.pid),
    });
    const socket = statSync(join(dataDir, socketName));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it('a second server on the same DATA_DIR refuses to start, naming the first', async () => {
    const second = new ServerProcess(await freePort(), env);
    expect(await second.exited).toBe(1);
    expect(second.log).toContain(
      `The embedded database in DATA_DIR ${dataDir} is in use by the server (process ${server.pid}): it takes one writer only. Not started:`,
    );
    expect(readFileSync(join(dataDir, ownerLockName), 'utf8')).toContain(`"pid":${server.pid}`);
  });

  it('agencies:link hands over: the server issues the link, and accepts it', async () => {
    const ran = await runCommand(entries.link, ['athgr2101', 'opt-in'], env);
    expect(ran.error).toContain(handedOver(server.pid));
    expect(ran.code).toBe(0);
    expect(await agencyLinkOpens(server, ran.out.trim())).toEqual({
      data: { officeId: 'ATHGR2101', name: 'Acropolis Travel Services', purpose: 'opt-in' },
    });
    const unknown = await runCommand(entries.link, ['NOPE0000', 'opt-in'], env);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.error).toContain('No office with ID NOPE0000');
  });

  it('content:load hands over and prints what the server loaded', async () => {
    const ran = await runCommand(entries.content, [], env);
    expect(ran.error).toContain(handedOver(server.pid));
    expect(ran.code).toBe(0);
    expect(ran.out).toMatch(
      /^Content loaded: ae, at, cy, gr \(content version \d+\)\nChanged from the files: nothing\nOffices loaded: \d+/,
    );
    const layout = await fetch(
      server.url('/s2c/content/v1/layout/?countryCode=gr&languageCode=eng'),
    );
    expect(layout.status).toBe(200);
  });

  it('content:export hands over: the server writes the content files where told', async () => {
    const out = join(root, 'exported');
    const ran = await runCommand(entries.contentExport, ['at', '--out', out], env);
    expect(ran.error).toContain(handedOver(server.pid));
    expect(ran).toMatchObject({ code: 0 });
    // The country's content files and its gift catalogue.
    expect(ran.out).toContain('Content exported: at (4 files under');
    expect(existsSync(join(out, 'gifts/at.json'))).toBe(true);
    const german = JSON.parse(readFileSync(join(out, 'countries/at/deu.json'), 'utf8')) as {
      menuItems: unknown[];
    };
    expect(german.menuItems.length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'countries/gr'))).toBe(false);
  });

  it('bookings:import and points:import hand over a file named where they were typed; the member sees the points', async () => {
    const before = await statusReport(server);
    const typedIn = join(root, 'files');
    rmSync(typedIn, { recursive: true, force: true });
    mkdirSync(typedIn);
    writeFileSync(
      join(typedIn, 'queue.jsonl'),
      jsonLines([
        bookingRecord({
          pnr: 'WRITER1',
          officeId: 'ATHGR2101',
          member: demoMember.number,
          segments: [{ used: true, serviceDate: '2026-01-10' }],
        }),
      ]),
    );
    writeFileSync(
      join(typedIn, 'points.jsonl'),
      jsonLines([
        {
          type: 'additional',
          reference: 'writer-bonus-1',
          number: demoMember.number,
          points: 50,
          description: 'Welcome bonus',
        },
      ]),
    );
    const bookings = await runCommand(entries.bookings, ['queue.jsonl'], {
      ...env,
      INIT_CWD: typedIn,
    });
    expect(bookings.error).toContain(handedOver(server.pid));
    expect(bookings).toMatchObject({ code: 0 });
    expect(bookings.out).toContain('Accepted: 1');
    const points = await runCommand(entries.points, ['points.jsonl'], {
      ...env,
      INIT_CWD: typedIn,
    });
    expect(points.error).toContain(handedOver(server.pid));
    expect(points).toMatchObject({ code: 0 });
    expect(points.out).toContain('Points loaded: 1 credited');
    const after = await statusReport(server);
    expect(after.additional).toBe(before.additional + 50);
    expect(after.available).toBeGreaterThan(before.available + 50);

    const again = await runCommand(entries.bookings, ['queue.jsonl'], {
      ...env,
      INIT_CWD: typedIn,
    });
    expect(again.out).toContain('Unchanged: 1');
  });

  it('gifts:tax and orders:fulfil hand over', async () => {
    const tax = await runCommand(entries.tax, [demoMember.number, 'on'], env);
    expect(tax.error).toContain(handedOver(server.pid));
    expect(tax).toMatchObject({
      code: 0,
      out: `Member ${demoMember.number}: tax information verified\n`,
    });
    const list = await runCommand(entries.fulfil, ['--list'], env);
    expect(list.code).toBe(0);
    expect(list.out).not.toBe('');
    const unknown = await runCommand(entries.fulfil, ['999999'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.error).toContain('No order 999999.');
  });

  it('members:direct-access hands over: the login answer carries the mark, and --off takes it away', async () => {
    const member = { number: '9000004', password: 'demo2026' };
    const directAccessOf = async () => {
      const response = await fetch(server.url('/s2c/auth/v1/token/agent'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: member.number, password: member.password }),
      });
      return ((await response.json()) as { data: { user: { isAmadeusDirectUser: boolean } } }).data
        .user.isAmadeusDirectUser;
    };
    const marked = await runCommand(entries.directAccess, [member.number], env);
    expect(marked.error).toContain(handedOver(server.pid));
    expect(marked).toMatchObject({
      code: 0,
      out: `Member ${member.number}: now a direct-access user\n`,
    });
    expect(await directAccessOf()).toBe(true);
    const unmarked = await runCommand(entries.directAccess, [member.number, '--off'], env);
    expect(unmarked).toMatchObject({
      code: 0,
      out: `Member ${member.number}: now not a direct-access user\n`,
    });
    expect(await directAccessOf()).toBe(false);
  });

  it('staff:add hands over: the server adds the account and its setup link opens', async () => {
    const ran = await runCommand(
      entries.staffAdd,
      ['handed.over@example.com', 'support', 'at'],
      env,
    );
    expect(ran.error).toContain(handedOver(server.pid));
    expect(ran.code).toBe(0);
    const link = new URL(ran.out.trim().split('\n').at(-1)!);
    expect(link.pathname).toBe('/staff/setup');
    const offer = await fetch(server.url(`/s2c/staff/v1/setup${link.search}`));
    expect(await offer.json()).toMatchObject({
      data: { email: 'handed.over@example.com', role: 'support', countries: ['at'] },
    });
  });

  it('bad arguments are refused at once, before anything is handed over', async () => {
    const ran = await runCommand(entries.tax, ['x', 'on'], env);
    expect(ran).toMatchObject({
      code: 2,
      error: 'Usage: npm run gifts:tax -- MEMBER_NUMBER on|off\n',
    });
    expect(await runCommand(entries.content, ['content'], env)).toMatchObject({
      code: 2,
      error:
        'Usage: npm run content:load -- [--take-file | --take-file=COUNTRY[/LANGUAGE[/PART]] …]\n',
    });
  });

  it('the channel answers a request that is not a staff command, and keeps serving', async () => {
    const ask = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(join(dataDir, socketName));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.write(text);
      });
    expect(await ask('not json\n')).toBe(
      `${JSON.stringify({ error: 'Not a staff command request.' })}\n${JSON.stringify({ exitCode: 2 })}\n`,
    );
    expect(
      await ask(`${JSON.stringify({ command: 'db:drop', args: [], cwd: '/', contentDir: '/' })}\n`),
    ).toContain('No staff command db:drop.');
    expect(await ask('x'.repeat(70 * 1024))).toContain('Not a staff command request.');
    const ran = await runCommand(entries.tax, [demoMember.number, 'on'], env);
    expect(ran.code).toBe(0);
  });

  it('stopping gives DATA_DIR back, also with a caller that never says anything; the commands then run on their own', async () => {
    const silent = connect(join(dataDir, socketName));
    const dropped = new Promise((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('connect', resolve));
    const stopping = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    await dropped;
    // Well before the 30 s a silent caller is given.
    expect(Date.now() - stopping).toBeLessThan(20_000);
    expect(existsSync(join(dataDir, ownerLockName))).toBe(false);
    expect(existsSync(join(dataDir, socketName))).toBe(false);
    const ran = await runCommand(entries.tax, [demoMember.number, 'off'], env);
    expect(ran).toMatchObject({
      code: 0,
      out: `Member ${demoMember.number}: tax information not verified\n`,
    });
    expect(ran.error).not.toContain('Handed over');
    expect(existsSync(join(dataDir, ownerLockName))).toBe(false);
  });

  it('a killed server leaves a stale lock: a command and the next server take it over', async () => {
    server = new ServerProcess(await freePort(), env);
    await server.waitFor('staff commands are handed to this server');
    const killed = server.pid;
    await server.stop('SIGKILL');
    expect(readFileSync(join(dataDir, ownerLockName), 'utf8')).toContain(`"pid":${killed}`);
    const ran = await runCommand(entries.link, ['ATHGR2101', 'opt-out'], env);
    expect(ran.code).toBe(0);
    expect(ran.error).not.toContain('Handed over');
    expect(existsSync(join(dataDir, ownerLockName))).toBe(false);

    writeFileSync(join(dataDir, ownerLockName), JSON.stringify({ pid: killed, role: 'server' }));
    server = new ServerProcess(await freePort(), env);
    await server.waitFor('staff commands are handed to this server');
    expect(await agencyLinkOpens(server, ran.out.trim())).toMatchObject({
      data: { officeId: 'ATHGR2101', purpose: 'opt-out' },
    });
    await server.stop('SIGTERM');
  }, 90_000);

  it('refuses at once, naming the owner, when a command or a server that takes no commands holds DATA_DIR', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(
        join(dataDir, ownerLockName),
        JSON.stringify({ pid: holder.pid, role: 'bookings:import' }),
      );
      const behindCommand = await runCommand(entries.link, ['ATHGR2101', 'opt-in'], env);
      expect(behindCommand).toMatchObject({ code: 1, out: '' });
      expect(behindCommand.error).toBe(
        `The embedded database in DATA_DIR ${dataDir} is in use by the staff command bookings:import (process ${holder.pid}): it takes one writer only. Wait until the staff command bookings:import (process ${holder.pid}) has finished, then run the command again.\n`,
      );
      writeFileSync(
        join(dataDir, ownerLockName),
        JSON.stringify({ pid: holder.pid, role: 'server' }),
      );
      const behindServer = await runCommand(entries.content, [], env);
      expect(behindServer).toMatchObject({ code: 1, out: '' });
      expect(behindServer.error).toContain(
        `in use by the server (process ${holder.pid}): it takes one writer only. The server does not take staff commands now (starting or stopping): run the command again once it is up, or stop it (kill ${holder.pid}) and run the command again.`,
      );
    } finally {
      holder.kill();
      rmSync(join(dataDir, ownerLockName), { force: true });
    }
  });
});

describe.skipIf(serverUrl === undefined)('on PostgreSQL, with a server running', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const dataDir = join(root, 'unused-data');

  beforeAll(async () => {
    database = await createTestDatabase();
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
    });
    await server.waitFor('Server listening at');
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    await database.dispose();
  });

  it('the commands work beside it on the same database; nothing is handed over or locked', async () => {
    const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir };
    const ran = await runCommand(entries.link, ['ATHGR2101', 'opt-in'], env);
    expect(ran.code).toBe(0);
    expect(ran.error).toBe('');
    expect(await agencyLinkOpens(server, ran.out.trim())).toMatchObject({
      data: { officeId: 'ATHGR2101', purpose: 'opt-in' },
    });
    const second = new ServerProcess(await freePort(), env);
    await second.waitFor('Server listening at');
    await second.stop('SIGTERM');
    expect(existsSync(join(dataDir, ownerLockName))).toBe(false);
    expect(existsSync(join(dataDir, socketName))).toBe(false);
  });
});
