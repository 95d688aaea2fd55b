/**
 * The staff console at scale (issue 18): on PostgreSQL only, BENCH_MEMBERS
 * members (default 1,000,000) over the demo countries and many offices, and
 * BENCH_LEDGER_ENTRIES ledger entries (default 10,000,000) with their lots,
 * balances and the reports' summaries, all generated server-side with
 * `insert … select … from generate_series` (never row by row), then VACUUM
 * ANALYZE. The built server then runs on that database, and each staff call
 * is measured with autocannon (p50, p99, requests per second): member search
 * (number, email prefix, name prefix, office ID), the single member view,
 * each report and the Overview, as ratios to a primary-key read measured in the same run on a
 * pg pool in this process (`select … from agents where id = $1`, the same
 * concurrency), with the absolute p99 against the issue's targets.
 * `BENCH_STAFF_CALLS=overview` measures only the calls whose name holds that
 * text, `overview|member search, number` those of either (the data is
 * generated all the same).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadContent } from '../apps/server/src/modules/content/load-content.ts';
import { loadOffices } from '../apps/server/src/modules/offices/load-offices.ts';
import { hashPassword } from '../apps/server/src/modules/agents/password.ts';
import { newTotpSecret, totpCode } from '../apps/server/src/modules/staff/totp.ts';
import { REMINDER_DAYS } from '../apps/server/src/modules/points/points-clock.ts';
import { benchPort, median, startClub, stopServer } from './lib.ts';

const countries = ['ae', 'at', 'cy', 'gr'];
const staffEmail = 'bench.admin@example.com';
const staffPassword = 'bench admin passphrase';

type Figures = { p50Ms: number; p99Ms: number; requestsPerSecond: number; failures: number };

/**
 * Runs a bulk insert without the foreign-key triggers (the generated rows
 * refer to rows generated just before): ten million key checks would take
 * longer than the inserts themselves. Needs a superuser, as a bench server has.
 */
function bulk(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  statement: ReturnType<typeof sql>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** One step of the generation, timed. */
async function step(name: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function generate(databaseUrl: string, root: string, members: number, entries: number) {
  const database = await openDatabase({ databaseUrl });
  const db = database.db;
  const offices = Math.max(countries.length, Math.round(members / 20));
  const perMember = Math.max(1, Math.floor(entries / members));
  const started = performance.now();
  try {
    await step('migrations, demo content and offices', async () => {
      await database.migrate();
      await loadContent(db, join(root, 'content'));
      await loadOffices(db, join(root, 'content'));
    });
    const countryList = sql.raw(`(array[${countries.map((code) => `'${code}'`).join(',')}])`);
    await step(`${offices.toLocaleString('en')} offices`, () =>
      db.execute(sql`
        insert into offices (office_id, country_code, agency_name, address, zip, active, is_amadeus_direct_office)
        select 'BN' || upper(${countryList}[1 + g % 4]) || lpad(g::text, 7, '0'), ${countryList}[1 + g % 4],
          'Bench Travel ' || g, g || ' Bench Street', lpad((g % 99999)::text, 5, '0'), g % 17 <> 0, g % 101 = 0
        from generate_series(0, ${offices - 1}) g`),
    );
    // One hash for every member: nobody logs in as them, and argon2 a million times would take hours.
    const hash = await hashPassword('bench member password');
    await step(`${members.toLocaleString('en')} members`, () =>
      bulk(
        db,
        sql`
        insert into agents (number, country_code, language_code, office_id, status, title, first_name, last_name, email, password_hash, activated_at, terms_accepted_at, accepted_terms_version)
        select (2000000 + g)::text, ${countryList}[1 + (g % ${offices}) % 4], 'eng',
          'BN' || upper(${countryList}[1 + (g % ${offices}) % 4]) || lpad((g % ${offices})::text, 7, '0'),
          case when g % 50 = 0 then 'pending' when g % 97 = 0 then 'deleted' else 'active' end,
          'mr',
          (array['Nikos','Maria','Anna','Georg','Fatima','Omar','Eleni','Lukas','Sara','Andreas'])[1 + g % 10] || chr(65 + g % 26),
          (array['Papadopoulos','Huber','Haddad','Georgiou','Gruber','Nasser','Ioannou','Wagner','Saleh','Christou'])[1 + (g / 10) % 10] || lpad((g % 9973)::text, 4, '0'),
          'bench' || g || '@agency' || (g % 1000) || '.example',
          ${hash}, now(), now(), '1'
        from generate_series(1, ${members}) g`,
      ),
    );
    // Entry i of member m: the first a welcome bonus of 100, then segment
    // credits of 5 or 10, one in ten an order of 20 (never more than the
    // bonus covers), dated over the last three years.
    await step(`${(members * perMember).toLocaleString('en')} ledger entries`, () =>
      bulk(
        db,
        sql`
        insert into point_entries (agent_id, kind, amount, entry_date, expires_on, description)
        select a.first + m, e.kind, e.amount, e.day, case when e.amount > 0 then (e.day + interval '3 years')::date end, ''
        from (select min(id) as first from agents) a,
          generate_series(0, ${members - 1}) m,
          generate_series(0, ${perMember - 1}) i,
          lateral (
            select current_date - ((m::bigint * 7919 + i * 104729) % 1095)::int as day,
              case when i = 0 then 'additional' when (m + i) % 10 = 3 then 'order' else 'segment' end as kind,
              case when i = 0 then 100 when (m + i) % 10 = 3 then -20 else 5 + 5 * ((m + i) % 2) end as amount
          ) e`,
      ),
    );
    await step('credit lots', () =>
      bulk(
        db,
        sql`
        insert into point_lots (agent_id, credited_on, expires_on, credited, remaining)
        select agent_id, entry_date, min(expires_on), sum(amount), sum(amount)
        from point_entries where amount > 0 group by agent_id, entry_date`,
      ),
    );
    await step('balances', () =>
      bulk(
        db,
        sql`
        insert into point_balances (agent_id, regular, additional, used, expired, available)
        select agent_id,
          coalesce(sum(amount) filter (where kind = 'segment'), 0),
          coalesce(sum(amount) filter (where kind = 'additional'), 0),
          coalesce(-sum(amount) filter (where kind = 'order'), 0),
          0, sum(amount)
        from point_entries group by agent_id`,
      ),
    );
    // Settled orders and manual ones waiting for staff: none due for the
    // order worker, which would otherwise spend the measured minutes
    // submitting a hundred thousand orders placed in one instant.
    await step('gift orders (one per ten members)', () =>
      bulk(
        db,
        sql`
        insert into gift_orders (agent_id, country_code, order_key, state, delivery, total_points, provider, next_attempt_at)
        select id, country_code, 'bench-' || id,
          (array['submitted','submitted','fulfilled','fulfilled','fulfilled','failed'])[1 + id % 6], 'self', 20, 'manual',
          now() + interval '10 years'
        from agents where id % 10 = 0`,
      ),
    );
    // Tax details of one member in a hundred, a tenth of them waiting for a
    // decision, sent over the last year: what the Overview counts.
    await step('tax details (one per hundred members, a tenth waiting)', () =>
      bulk(
        db,
        sql`
        insert into member_tax_details (agent_id, country_code, fields, state, sent_at)
        select id, country_code, '{}'::jsonb, case when id % 1000 = 0 then 'sent' else 'confirmed' end,
          now() - (id % 365) * interval '1 day'
        from agents where id % 100 = 0`,
      ),
    );
    await step(
      'the reports’ summaries (as the migration backfills them; the bulk inserts ran without triggers)',
      async () => {
        await db.execute(sql`delete from point_month_totals`);
        await db.execute(sql`delete from point_lapse_totals`);
        await db.execute(sql`delete from member_state_totals`);
        await db.execute(sql`
        insert into member_state_totals (country_code, status, shard, members)
        select country_code, status, id % 16, count(*) from agents group by 1, 2, 3`);
        await db.execute(sql`
        insert into point_month_totals (country_code, month, kind, source, shard, points)
        select a.country_code, date_trunc('month', e.entry_date)::date, e.kind,
          case e.kind when 'segment' then 'booking' when 'reversal' then 'booking' when 'additional' then 'staff' else '' end,
          e.agent_id % 16, sum(e.amount)
        from point_entries e join agents a on a.id = e.agent_id group by 1, 2, 3, 4, 5`);
        await db.execute(sql`delete from member_active_months`);
        await db.execute(sql`
        insert into member_active_months (country_code, month, agent_id)
        select distinct a.country_code, date_trunc('month', e.entry_date)::date, e.agent_id
        from point_entries e join agents a on a.id = e.agent_id
        where e.kind = 'order' or (e.kind in ('segment', 'additional') and e.amount > 0)`);
        await db.execute(sql`
        insert into point_lapse_totals (country_code, month, shard, points)
        select a.country_code, date_trunc('month', l.expires_on)::date, l.agent_id % 16, sum(l.remaining)
        from point_lots l join agents a on a.id = l.agent_id where l.remaining > 0 group by 1, 2, 3`);
      },
    );
    // The points clock reminds members of lapsing points day by day; a club
    // that has run for years has sent today's reminders already. Without
    // them the server's first pass would mail a quarter of the members while
    // being measured.
    await step('the expiry reminders already sent', () =>
      db.execute(sql`
        insert into expiry_reminders (agent_id, expires_on, days_before)
        select due.agent_id, date_trunc('month', due.first_day)::date, notice.days
        from (
          select l.agent_id, min(l.expires_on) as first_day
          from point_lots l join agents a on a.id = l.agent_id
          where l.remaining > 0 and l.expires_on > current_date
            and l.expires_on <= current_date + ${sql.raw(String(Math.max(...REMINDER_DAYS)))} and a.status = 'active'
          group by l.agent_id, to_char(l.expires_on, 'YYYY-MM')
        ) due
        cross join unnest(${sql.raw(`array[${REMINDER_DAYS.join(',')}]`)}::int[]) as notice(days)
        where due.first_day - current_date <= notice.days
        on conflict do nothing`),
    );
    await step('a staff admin', async () => {
      const secret = newTotpSecret();
      await db.execute(sql`
        insert into staff_accounts (email, role, countries, password_hash, totp_secret)
        values (${staffEmail}, 'admin', '{}', ${await hashPassword(staffPassword)}, ${secret})`);
      process.env.BENCH_STAFF_SECRET = secret;
    });
    await step('VACUUM ANALYZE', () => db.execute(sql`vacuum analyze`));
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

/** The plain aggregates the summaries replace, timed once each on the generated data. */
async function plainAggregates(pool: pg.Pool): Promise<void> {
  const queries = {
    'points by month from the entries': `select date_trunc('month', e.entry_date), e.kind, sum(e.amount)
      from point_entries e join agents a on a.id = e.agent_id where a.country_code = 'at'
      and e.entry_date >= current_date - 730 group by 1, 2`,
    'lapse forecast from the lots': `select date_trunc('month', l.expires_on), sum(l.remaining)
      from point_lots l join agents a on a.id = l.agent_id where a.country_code = 'at'
      and l.remaining > 0 and l.expires_on < current_date + 365 group by 1`,
    'outstanding from the balances': `select a.country_code, sum(b.available)
      from point_balances b join agents a on a.id = b.agent_id group by 1`,
  };
  for (const [name, query] of Object.entries(queries)) {
    const started = performance.now();
    await pool.query(query);
    console.log(`  plain aggregate, ${name}: ${(performance.now() - started).toFixed(0)} ms`);
  }
}

/** Primary-key reads on a pg pool, `connections` at a time, for `seconds`. */
async function primaryKeyReads(
  pool: pg.Pool,
  members: number,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const { rows } = await pool.query<{ first: number }>(`select min(id) as first from agents`);
  const first = Number(rows[0]!.first);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const id = first + Math.floor(Math.random() * members);
        const started = performance.now();
        try {
          await pool.query('select id, number, country_code, status from agents where id = $1', [
            id,
          ]);
        } catch {
          failures++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    requestsPerSecond: latencies.length / seconds,
    failures,
  };
}

async function httpLoad(
  url: string,
  token: string,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, headers, connections, duration: 1 });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    failures: result.non2xx + result.errors,
  };
}

export async function staffConsoleFigures(root: string, seconds: number): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl === undefined) {
    console.log(
      'staff console at scale: skipped — it needs PostgreSQL (set BENCH_DATABASE_URL to a PostgreSQL server); the embedded database is not what a million members run on',
    );
    return;
  }
  const members = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
  const entries = Number(process.env.BENCH_LEDGER_ENTRIES ?? 10_000_000);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  console.log(
    `staff console at scale (PostgreSQL): ${members.toLocaleString('en')} members, ${entries.toLocaleString('en')} ledger entries; generating…`,
  );
  await generate(databaseUrl, root, members, entries);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const port = Number(process.env.BENCH_STAFF_PORT ?? benchPort(6));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-staff-'));
  const server = await startClub(root, port, dataDir, { env: { DATABASE_URL: databaseUrl } });
  try {
    await plainAggregates(pool);
    const login = await fetch(`${base}/s2c/staff/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: staffEmail,
        password: staffPassword,
        code: totpCode(process.env.BENCH_STAFF_SECRET!, Date.now()),
      }).toString(),
    });
    if (!login.ok) throw new Error(`bench staff login answered ${login.status}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const some = 2_000_000 + Math.floor(members / 2);
    const calls: [name: string, path: string, targetP99Ms: number][] = [
      ['member search, number', `/s2c/staff/v1/members?query=${some}`, 50],
      [
        'member search, email prefix',
        `/s2c/staff/v1/members?query=bench${Math.floor((some - 2_000_000) / 10)}`,
        50,
      ],
      ['member search, name prefix', '/s2c/staff/v1/members?query=Papad', 50],
      [
        'member search, office ID',
        `/s2c/staff/v1/members?query=BNAT${String(1).padStart(7, '0')}`,
        50,
      ],
      ['single member view', `/s2c/staff/v1/members/${some}`, 100],
      ['report points by month (24 months)', '/s2c/staff/v1/reports/points-by-month', 1000],
      ['report lapse forecast', '/s2c/staff/v1/reports/lapse-forecast', 1000],
      ['report outstanding points', '/s2c/staff/v1/reports/outstanding', 1000],
      ['report members by state', '/s2c/staff/v1/reports/members-by-state', 1000],
      ['report offices by state', '/s2c/staff/v1/reports/offices-by-state', 1000],
      ['report orders by state', '/s2c/staff/v1/reports/orders-by-state', 1000],
      ['report members by month (24 months)', '/s2c/staff/v1/reports/members-by-month', 1000],
      ['report gifts redeemed (24 months)', '/s2c/staff/v1/reports/redemptions-by-gift', 1000],
      [
        'report members by state, one country',
        '/s2c/staff/v1/reports/members-by-state?country=at',
        1000,
      ],
      ['overview, every country', '/s2c/staff/v1/overview', 50],
      ['overview, one country', '/s2c/staff/v1/overview?country=at', 50],
    ];
    // BENCH_STAFF_CALLS=overview measures only the calls whose name holds that
    // text (several texts separated by `|`).
    const only = process.env.BENCH_STAFF_CALLS?.split('|');
    const chosen =
      only === undefined
        ? calls
        : calls.filter(([name]) => only.some((text) => name.includes(text)));
    // Calls another slice adds (member search and view) may not be in this build: said, not measured.
    const available: typeof calls = [];
    for (const call of chosen) {
      const probe = await fetch(`${base}${call[1]}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await probe.arrayBuffer();
      if (probe.ok) available.push(call);
      else
        console.log(
          `  ${call[0]}: not measured, GET ${call[1]} answered ${probe.status} in this build`,
        );
    }
    const baseline: Figures[] = [];
    const results = new Map<string, Figures[]>(available.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      baseline.push(await primaryKeyReads(pool, members, seconds, connections));
      for (const [name, path] of available) {
        results.get(name)!.push(await httpLoad(`${base}${path}`, token, seconds, connections));
      }
    }
    const mid = (list: Figures[], key: keyof Figures) =>
      median(list.map((figures) => figures[key]));
    console.log(
      `  baseline, primary-key read on a pg pool in the bench process (${connections} at a time): p50 ${mid(baseline, 'p50Ms').toFixed(2)} ms, p99 ${mid(baseline, 'p99Ms').toFixed(2)} ms, ${mid(baseline, 'requestsPerSecond').toFixed(0)} reads/s`,
    );
    for (const [name, , target] of available) {
      const list = results.get(name)!;
      const p99 = mid(list, 'p99Ms');
      console.log(
        `  ${name}: p50 ${mid(list, 'p50Ms')} ms, p99 ${p99} ms, ${mid(list, 'requestsPerSecond').toFixed(0)} req/s, failures ${list.reduce((n, figures) => n + figures.failures, 0)} -> p50 ratio ${(mid(list, 'p50Ms') / Math.max(0.01, mid(baseline, 'p50Ms'))).toFixed(1)}, throughput ratio ${(mid(list, 'requestsPerSecond') / mid(baseline, 'requestsPerSecond')).toFixed(3)}; p99 ${p99 <= target ? 'within' : 'OVER'} the target of ${target} ms`,
      );
    }
  } finally {
    stopServer(server);
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
