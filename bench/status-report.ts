/**
 * Status report latency: `GET /s2c/auth/v1/agent-points` through the real
 * server for a member with 100,000 segments against one with 10, measured in
 * interleaved rounds in the same run (target: ratio <= 2). The big member's
 * bookings, segments, ledger entries, lots and balance are written by SQL
 * before the server starts, on the embedded database in a temporary folder or
 * on the empty PostgreSQL database of BENCH_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadContent } from '../apps/server/src/modules/content/load-content.ts';
import { loadOffices } from '../apps/server/src/modules/offices/load-offices.ts';
import { createAgent } from '../apps/server/src/testing/factories.ts';
import { benchPort, measureRounds, median, startClub, stopServer } from './lib.ts';

const password = 'bench1password';

/** Writes `segments` OK air segments (3 per booking) and their credits for one member. */
async function giveSegments(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  agentId: number,
  prefix: string,
  segments: number,
): Promise<void> {
  const bookingCount = Math.ceil(segments / 3);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into bookings (pnr, office_id, office_country_code, created_on, agent_id, state, record_hash)
      select ${prefix} || lpad(g::text, 6, '0'), 'ATHGR2101', 'gr', date '2024-01-01' + (g % 1000), ${agentId}, 'accepted', 'bench'
      from generate_series(1, ${bookingCount}) g`);
    await tx.execute(sql`
      insert into booking_segments (booking_id, segment_id, kind, source_status, status, service_date, points, credited_on, credited_agent_id)
      select b.id, s::text, 'air', 'HK', 'OK', b.created_on + 5, 5, b.created_on + 5, ${agentId}
      from bookings b cross join generate_series(1, 3) s
      where b.agent_id = ${agentId}
      order by b.id, s
      limit ${segments}`);
    await tx.execute(sql`
      insert into point_entries (agent_id, kind, amount, entry_date, expires_on, booking_id, segment_row_id)
      select ${agentId}, 'segment', s.points, s.credited_on, (s.credited_on + interval '3 years')::date, s.booking_id, s.id
      from booking_segments s join bookings b on b.id = s.booking_id
      where b.agent_id = ${agentId}`);
    await tx.execute(sql`
      insert into point_lots (agent_id, credited_on, expires_on, credited, remaining)
      select ${agentId}, entry_date, expires_on, sum(amount), sum(amount)
      from point_entries where agent_id = ${agentId}
      group by entry_date, expires_on`);
    await tx.execute(sql`
      insert into point_balances (agent_id, regular, available, segments_ok, next_expiry_on)
      select ${agentId}, sum(amount), sum(amount), count(*), min(expires_on)
      from point_entries where agent_id = ${agentId}`);
  });
}

async function logIn(base: string, number: string): Promise<string> {
  const response = await fetch(`${base}/s2c/auth/v1/token/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: number, password }).toString(),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function statusReportFigures(root: string, seconds: number): Promise<void> {
  const port = benchPort(8);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-points-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl === undefined ? { dataDir } : { databaseUrl });
  let members: { id: number; number: string }[];
  try {
    await database.migrate();
    await loadContent(database.db, join(root, 'content'));
    await loadOffices(database.db, join(root, 'content'));
    const small = await createAgent(database.db, { password, officeId: 'ATHGR2101' });
    const big = await createAgent(database.db, { password, officeId: 'ATHGR2101' });
    await giveSegments(database.db, small.id, 'S', 10);
    await giveSegments(database.db, big.id, 'B', 100_000);
    members = [small, big];
  } finally {
    await database.close();
  }
  const server = await startClub(root, port, dataDir, {
    // The primary-key read the report is measured against, on the same pool (plugins/bench-routes.ts).
    env: { BENCH_ROUTES: 'true' },
  });
  try {
    const [small, big] = members as [(typeof members)[number], (typeof members)[number]];
    const urls = {
      small: { number: small.number, token: await logIn(base, small.number) },
      big: { number: big.number, token: await logIn(base, big.number) },
    };
    const rounds = await measureRounds(
      {
        primaryKey: `${base}/bench/primary-key-read/${big.id}`,
        signedIn: `${base}/bench/signed-in-read`,
        small: `${base}/s2c/auth/v1/agent-points?number=${urls.small.number}`,
        big: `${base}/s2c/auth/v1/agent-points?number=${urls.big.number}`,
      },
      seconds,
      {
        signedIn: { authorization: `Bearer ${urls.big.token}` },
        small: { authorization: `Bearer ${urls.small.token}` },
        big: { authorization: `Bearer ${urls.big.token}` },
      },
    );
    type Key = keyof typeof rounds;
    const latency = (key: Key) => median(rounds[key].map((r) => r.meanMs));
    const p99 = (key: Key) => median(rounds[key].map((r) => r.p99Ms));
    const failures = Object.values(rounds)
      .flat()
      .reduce((n, r) => n + r.failures, 0);
    const database = databaseUrl === undefined ? 'embedded database' : 'PostgreSQL';
    console.log(
      `status report (${database}): 10 segments ${latency('small').toFixed(2)} ms mean, p99 ${p99('small')} ms; 100,000 segments ${latency('big').toFixed(2)} ms mean, p99 ${p99('big')} ms; failures ${failures} -> ratio ${(latency('big') / latency('small')).toFixed(2)} (target <= 2)`,
    );
    // Each round's report next to the primary-key read of the same round; the median ratio is the figure.
    const throughput = rounds.big.map(
      (result, i) => result.requestsPerSecond / rounds.primaryKey[i]!.requestsPerSecond,
    );
    const figure = median(throughput);
    const target = 0.7;
    console.log(
      `status report against a primary-key read on the same pool (${database}): primary-key read ${median(rounds.primaryKey.map((r) => r.requestsPerSecond)).toFixed(0)} req/s, p99 ${p99('primaryKey')} ms; status report (100,000 segments) ${median(rounds.big.map((r) => r.requestsPerSecond)).toFixed(0)} req/s, p99 ${p99('big')} ms -> median ratio ${figure.toFixed(2)} (rounds ${throughput.map((r) => r.toFixed(2)).join(', ')}; target >= ${target}) ${figure >= target ? 'within' : 'OVER'}`,
    );
    // The floor of any member call: the signed-in member read and nothing else.
    const ratios = (key: Key, baseline: Key) =>
      rounds[key].map(
        (result, i) => result.requestsPerSecond / rounds[baseline][i]!.requestsPerSecond,
      );
    const floorToKey = ratios('signedIn', 'primaryKey');
    const reportToFloor = ratios('big', 'signedIn');
    console.log(
      `  the signed-in read alone (what every member call does first): ${median(rounds.signedIn.map((r) => r.requestsPerSecond)).toFixed(0)} req/s -> median ratio ${median(floorToKey).toFixed(2)} to the primary-key read (rounds ${floorToKey.map((r) => r.toFixed(2)).join(', ')}): the limit of any signed-in call; the status report reaches ${median(reportToFloor).toFixed(2)} of it (rounds ${reportToFloor.map((r) => r.toFixed(2)).join(', ')})`,
    );
  } finally {
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
