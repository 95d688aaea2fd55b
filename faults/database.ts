/**
 * Scenario 3: PostgreSQL goes away under load, twice: stopped (`pg_ctl stop
 * -m immediate`, a crash; started again after a while) and hanging (its
 * processes stopped with SIGSTOP: connections are accepted by the kernel but
 * nothing answers; then SIGCONT). While it is away every request answers
 * within 2 s (of being sent, or of the fault if it was in flight then), with
 * 503 and the error envelope; when it is back the same
 * server process answers again by itself. Orders acknowledged around the
 * outages exist, and the ledger adds up.
 */
import { sql } from 'drizzle-orm';
import { ledgerProblems } from '../apps/server/src/testing/booking-records.ts';
import {
  ClubServer,
  inspect,
  logInAll,
  type LoggedInMember,
  newOrderKey,
  placeOrder,
  randomLines,
  rows,
  seedClub,
  type RedeemAnswer,
} from './club.ts';
import type { Postgres } from './postgres.ts';
import {
  check,
  codeOf,
  countBy,
  dataOf,
  figure,
  formatCounts,
  percentile,
  sample,
  sleep,
  waitFor,
  type Answer,
} from './support.ts';

type Call = { kind: 'status' | 'order' | 'health'; answer: Answer; end: number };

/** Every answer must come within this while the database is away. */
const failFastMs = 2000;
/** The database stays away at least this long (and until enough requests met it). */
const outageMs = 4000;

export async function databaseScenario(
  postgres: Postgres,
  port: number,
  logDir: string,
): Promise<void> {
  await postgres.admin('create database faults_database');
  const url = postgres.url('faults_database');
  const seeded = await seedClub(url, {
    memberPoints: Array.from({ length: 10 }, () => 1_000_000),
    countedStock: 1_000_000,
  });
  const server = new ClubServer('database', port, { DATABASE_URL: url }, logDir);
  await server.start();
  const pid = server.pid;
  const members = await logInAll(server.http, seeded);

  const calls: Call[] = [];
  const acknowledged: { member: LoggedInMember; key: string; orderId: number }[] = [];
  let stop = false;
  const lane = async (laneIndex: number) => {
    for (let i = 0; !stop; i += 1) {
      const member = members[(laneIndex + i) % members.length]!;
      if (i % 4 === 3) {
        const key = newOrderKey();
        const answer = await placeOrder(server.http, member.token, key, randomLines(), 10_000);
        calls.push({ kind: 'order', answer, end: Date.now() });
        const result = dataOf<RedeemAnswer>(answer);
        if (answer.status === 200 && result?.ordered === true && result.orderId !== null)
          acknowledged.push({ member, key, orderId: result.orderId });
      } else {
        const answer = await server.http.call(`/s2c/auth/v1/agent-points?number=${member.number}`, {
          token: member.token,
          timeoutMs: 10_000,
        });
        calls.push({ kind: 'status', answer, end: Date.now() });
      }
      // A client that got no answer, or an error, waits a little before its next request.
      const last = calls.at(-1)?.answer.status;
      if (last !== 200) await sleep(last === 0 ? 100 : 20);
    }
  };
  const load = Promise.all(Array.from({ length: 8 }, (_, i) => lane(i)));
  const answeredSince = (since: number) => calls.filter((call) => call.answer.startedAt >= since);

  try {
    await waitFor('50 answers before the first outage', () => calls.length >= 50, {
      timeoutMs: 30_000,
    });
    const warm = calls.slice();
    check(
      'before the outages every request succeeds',
      warm.every((call) => call.answer.status === 200),
      `${warm.length} requests: ${formatCounts(countBy(warm, (call) => String(call.answer.status)))}`,
    );

    for (const fault of ['stopped', 'hanging'] as const) {
      const faultAt = Date.now();
      if (fault === 'stopped') await postgres.stop('immediate');
      else await postgres.freeze();
      const downAt = Date.now();
      await waitFor(
        `requests to meet the ${fault} database`,
        () => Date.now() - downAt >= outageMs && answeredSince(downAt).length >= 40,
        { timeoutMs: 60_000, intervalMs: 50 },
      );
      const upAt = Date.now();
      if (fault === 'stopped') await postgres.start();
      else postgres.thaw();
      const backAt = Date.now();
      const recovered = await waitFor(
        'a request to succeed again',
        () =>
          calls.find((call) => call.answer.startedAt >= backAt && call.answer.status === 200)
            ?.answer.startedAt,
        { timeoutMs: 60_000, intervalMs: 50 },
      ).catch(() => undefined);
      const settledAt = (recovered ?? Date.now()) + 500;
      await waitFor('40 answers after the recovery', () => answeredSince(settledAt).length >= 40, {
        timeoutMs: 60_000,
        intervalMs: 50,
      }).catch(() => undefined);

      const during = calls.filter(
        (call) => call.answer.startedAt >= downAt && call.answer.startedAt < upAt,
      );
      const around = calls.filter(
        (call) => call.end >= faultAt && call.answer.startedAt < (recovered ?? Infinity),
      );
      const after = answeredSince(settledAt);
      // How long a request waited on the outage: from when it was sent, or from the fault if it was in flight then.
      const waited = (call: Call) => call.end - Math.max(call.answer.startedAt, faultAt);
      const slow = around.filter((call) => waited(call) > failFastMs);
      const wrong = around.filter(
        (call) =>
          call.answer.status !== 200 &&
          (call.answer.status !== 503 || codeOf(call.answer) !== 'SERVICE_UNAVAILABLE'),
      );
      const latencies = during.map((call) => call.answer.ms);
      const slowest = Math.max(0, ...around.map(waited));
      figure(
        `${fault}: down ${((upAt - downAt) / 1000).toFixed(1)} s; ${during.length} requests meanwhile: ${formatCounts(countBy(during, (call) => `${call.answer.status || call.answer.error} ${codeOf(call.answer) ?? ''}`.trim()))}; latency p50 ${percentile(latencies, 50)} ms, max ${Math.max(0, ...latencies)} ms; ${around.length} requests met the outage in all, the longest wait on the outage ${slowest} ms`,
      );
      check(
        `${fault} database: every request that met it answered within ${failFastMs} ms of meeting it`,
        slow.length === 0,
        slow.length === 0
          ? `${around.length} requests`
          : `${slow.length} of ${around.length} slower: ${sample(slow.map((call) => `${call.kind} ${call.answer.status || call.answer.error} after waiting ${waited(call)} ms on the outage (${call.answer.ms} ms in all)`))}`,
      );
      check(
        `${fault} database: every failed request answered 503 with the error envelope`,
        wrong.length === 0 && during.some((call) => call.answer.status === 503),
        wrong.length === 0
          ? `${during.filter((call) => call.answer.status === 503).length} answered 503 while it was down`
          : `${wrong.length} other answers: ${formatCounts(countBy(wrong, (call) => `${call.kind} ${call.answer.status || call.answer.error} ${codeOf(call.answer) ?? ''}`))}`,
      );
      check(
        `${fault} database: the same server process answers again by itself once it is back`,
        recovered !== undefined &&
          server.running &&
          server.pid === pid &&
          after.length >= 40 &&
          after.every((call) => call.answer.status === 200),
        recovered === undefined
          ? 'no success after the database came back'
          : `first success ${recovered - backAt} ms after the database was back; then ${after.length} requests: ${formatCounts(countBy(after, (call) => String(call.answer.status || call.answer.error)))}`,
      );
    }
  } finally {
    stop = true;
    postgres.thaw();
    await load;
  }

  figure(
    `server log: ${server.logCount('failing fast')} "database does not answer, failing fast", ${server.logCount('the database answers again')} "the database answers again"`,
  );
  const state = await inspect(url, async (db) => ({
    orders: await rows<{ id: number; agent_id: number; order_key: string }>(
      db,
      sql`select id, agent_id, order_key from gift_orders`,
    ),
    ledger: await ledgerProblems(db),
  }));
  await server.stop();
  const missing = acknowledged.filter(
    (ack) =>
      !state.orders.some(
        (order) =>
          order.id === ack.orderId &&
          order.agent_id === ack.member.id &&
          order.order_key === ack.key,
      ),
  );
  check(
    'orders acknowledged around the outages exist, and every balance equals its ledger',
    missing.length === 0 && state.ledger.length === 0,
    `${acknowledged.length} acknowledged, ${missing.length} missing; ${state.ledger.length} ledger problems${state.ledger.length > 0 ? `: ${sample(state.ledger)}` : ''}`,
  );
}
