/**
 * Scenario 1: `kill -9` of the server at random moments while members place
 * gift orders concurrently through the real API, restart, repeat. Every order
 * the client saw acknowledged exists; every order is whole (lines, ledger
 * debit, stock, confirmation mail) and nothing exists of an order that is
 * not; balances equal their ledger; stock never goes below zero. Requests the
 * kill cut off are sent again with their order key after the restart: one
 * that had committed is found, not placed twice.
 */
import { sql } from 'drizzle-orm';
import { ledgerProblems } from '../apps/server/src/testing/booking-records.ts';
import {
  ClubServer,
  countedGift,
  inspect,
  logInAll,
  type LoggedInMember,
  newOrderKey,
  orderTotal,
  placeOrder,
  randomLines,
  rows,
  seedClub,
  type OrderLines,
  type RedeemAnswer,
} from './club.ts';
import type { Postgres } from './postgres.ts';
import {
  check,
  countBy,
  dataOf,
  figure,
  formatCounts,
  sample,
  sleep,
  waitFor,
  type Answer,
} from './support.ts';

type Attempt = {
  key: string;
  member: LoggedInMember;
  lines: OrderLines;
  round: number;
  /** Acknowledged (200, ordered: true) with this order id. */
  orderId?: number;
  /** Answered, but not ordered (not enough points, sold out). */
  refusal?: string;
  /** No answer: the kill cut the request off. */
  cut?: string;
};

export type CrashOptions = { rounds: number; lanes: number; members: number; stock: number };

export async function crashScenario(
  postgres: Postgres,
  port: number,
  logDir: string,
  options: CrashOptions,
): Promise<void> {
  await postgres.admin('create database faults_crash');
  const url = postgres.url('faults_crash');
  // Every fourth member can afford only a few orders: "not enough points" happens too.
  const memberPoints = Array.from({ length: options.members }, (_, i) =>
    i % 4 === 0 ? 60 : 50_000,
  );
  const seeded = await seedClub(url, { memberPoints, countedStock: options.stock });
  const server = new ClubServer('crash', port, { DATABASE_URL: url, ORDER_POLL_MS: '500' }, logDir);
  await server.start();
  const members = await logInAll(server.http, seeded);
  figure(
    `${members.length} members (${memberPoints.filter((p) => p === 60).length} with 60 points, the rest 50,000), counted gift stock ${options.stock}, ${options.lanes} concurrent clients`,
  );

  const attempts: Attempt[] = [];
  const resubmitted: { attempt: Attempt; committedId: number | undefined; answer: Answer }[] = [];
  const restartMs: number[] = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    let killed = false;
    let acknowledged = 0;
    const roundAttempts: Attempt[] = [];
    const lane = async () => {
      while (!killed) {
        const member = members[Math.floor(Math.random() * members.length)]!;
        const attempt: Attempt = { key: newOrderKey(), member, lines: randomLines(), round };
        const answer = await placeOrder(server.http, member.token, attempt.key, attempt.lines);
        if (answer.status === 0 && answer.error === 'ECONNREFUSED') continue; // never reached the server
        roundAttempts.push(attempt);
        const result = dataOf<RedeemAnswer>(answer);
        if (answer.status === 200 && result?.ordered === true && result.orderId !== null) {
          attempt.orderId = result.orderId;
          acknowledged += 1;
        } else if (answer.status === 200 && result !== undefined) {
          attempt.refusal = result.noneDet ? 'not enough points' : result.errorText || 'refused';
        } else {
          attempt.cut = answer.status === 0 ? answer.error : `HTTP ${answer.status}`;
          if (!killed) await sleep(50);
        }
      }
    };
    const running = Promise.all(Array.from({ length: options.lanes }, lane));
    // A random moment in the thick of it: after some orders went through, then 0–1.5 s more.
    await waitFor('orders to be acknowledged before the kill', () => acknowledged >= 15, {
      timeoutMs: 30_000,
      intervalMs: 10,
    });
    await sleep(Math.random() * 1500);
    killed = true; // the lanes stop after the request each has in flight, which the kill cuts off
    await server.kill();
    await running;
    attempts.push(...roundAttempts);
    const cut = roundAttempts.filter((attempt) => attempt.cut !== undefined);
    const started = Date.now();
    await server.start();
    restartMs.push(Date.now() - started);
    // The answers the kill swallowed: did those orders commit? The client asks again with the same key.
    const committed = await inspect(url, (db) =>
      rows<{ agent_id: number; order_key: string; id: number }>(
        db,
        sql`select agent_id, order_key, id from gift_orders`,
      ),
    );
    for (const attempt of cut) {
      const found = committed.find(
        (row) => row.agent_id === attempt.member.id && row.order_key === attempt.key,
      );
      const answer = await placeOrder(
        server.http,
        attempt.member.token,
        attempt.key,
        attempt.lines,
      );
      resubmitted.push({ attempt, committedId: found?.id, answer });
      const result = dataOf<RedeemAnswer>(answer);
      if (answer.status === 200 && result?.ordered === true && result.orderId !== null) {
        attempt.orderId = result.orderId;
      } else if (answer.status === 200 && result !== undefined) {
        attempt.refusal = result.noneDet ? 'not enough points' : result.errorText || 'refused';
      }
    }
    figure(
      `round ${round}: ${acknowledged} orders acknowledged, ${roundAttempts.filter((a) => a.refusal !== undefined && a.cut === undefined).length} refused, killed with ${cut.length} requests in flight (${cut.filter((a) => committed.some((row) => row.agent_id === a.member.id && row.order_key === a.key)).length} of them had committed); restarted in ${restartMs.at(-1)} ms`,
    );
  }

  // What the kills left in the database.
  const state = await inspect(url, async (db) => ({
    orders: await rows<{
      id: number;
      agent_id: number;
      order_key: string;
      total_points: number;
      state: string;
    }>(db, sql`select id, agent_id, order_key, total_points, state from gift_orders`),
    lines: await rows<{ order_id: number; gift_id: number; quantity: number; points: number }>(
      db,
      sql`select order_id, gift_id, quantity, points from gift_order_lines`,
    ),
    entries: await rows<{ order_id: number; agent_id: number; kind: string; amount: number }>(
      db,
      sql`select order_id, agent_id, kind, amount from point_entries where order_id is not null`,
    ),
    mails: await rows<{ subject: string }>(
      db,
      sql`select subject from mail_outbox where template = 'order-confirmation'`,
    ),
    balances: await rows<{ agent_id: number; available: number }>(
      db,
      sql`select agent_id, available from point_balances`,
    ),
    stock: (
      await rows<{ stock: number }>(db, sql`select stock from gifts where id = ${countedGift.id}`)
    )[0]!.stock,
    ledger: await ledgerProblems(db),
  }));
  await server.stop();
  const alarms = server.logCount('failing fast');

  const acknowledged = attempts.filter(
    (attempt) => attempt.orderId !== undefined && attempt.cut === undefined,
  );
  const cut = resubmitted.length;
  const committedCut = resubmitted.filter((entry) => entry.committedId !== undefined);
  figure(
    `${options.rounds} kills; ${attempts.length} order requests: ${acknowledged.length} acknowledged, ${attempts.filter((a) => a.cut === undefined && a.refusal !== undefined).length} refused (${formatCounts(
      countBy(
        attempts.filter((a) => a.cut === undefined && a.refusal !== undefined),
        (a) => a.refusal!,
      ),
    )}), ${cut} cut off by a kill (${committedCut.length} had committed, ${cut - committedCut.length} had not)`,
  );
  figure(
    `database: ${state.orders.length} orders, ${state.lines.length} lines, ${state.entries.length} ledger entries of orders, ${state.mails.length} confirmation mails; counted stock ${state.stock} of ${options.stock}; restart ${Math.min(...restartMs)}–${Math.max(...restartMs)} ms`,
  );

  const byId = new Map(state.orders.map((order) => [order.id, order]));
  const missing = acknowledged.filter((attempt) => {
    const order = byId.get(attempt.orderId!);
    return order?.agent_id !== attempt.member.id || order.order_key !== attempt.key;
  });
  check(
    'every acknowledged order is in the database (id, member and key)',
    missing.length === 0,
    `${acknowledged.length} acknowledged, ${missing.length} missing${missing.length > 0 ? `: ${sample(missing.map((a) => a.orderId))}` : ''}`,
  );

  const resentWrong = resubmitted.filter(
    (entry) =>
      entry.answer.status !== 200 ||
      (entry.committedId !== undefined &&
        dataOf<RedeemAnswer>(entry.answer)?.orderId !== entry.committedId),
  );
  check(
    'a cut-off order sent again with its key finds the order that committed (no second order)',
    resentWrong.length === 0,
    `${committedCut.length} found again, ${resubmitted.length - committedCut.length} placed or refused anew, ${resentWrong.length} wrong`,
  );

  const problems: string[] = [];
  for (const order of state.orders) {
    const lines = state.lines.filter((line) => line.order_id === order.id);
    const lineTotal = lines.reduce((sum, line) => sum + line.quantity * line.points, 0);
    const debits = state.entries.filter(
      (entry) => entry.order_id === order.id && entry.kind === 'order',
    );
    const refunds = state.entries.filter(
      (entry) => entry.order_id === order.id && entry.kind === 'refund',
    );
    if (lines.length === 0 || lineTotal !== order.total_points)
      problems.push(`order ${order.id}: lines total ${lineTotal}, order ${order.total_points}`);
    if (
      debits.length !== 1 ||
      debits[0]!.amount !== -order.total_points ||
      debits[0]!.agent_id !== order.agent_id
    )
      problems.push(
        `order ${order.id}: debits ${debits.map((d) => d.amount).join(',') || 'none'} for ${order.total_points}`,
      );
    if (refunds.length !== 0 || order.state === 'failed')
      problems.push(`order ${order.id}: refunded or failed`);
  }
  const orphans = state.entries.filter((entry) => !byId.has(entry.order_id));
  if (orphans.length > 0)
    problems.push(`${orphans.length} ledger entries of orders that do not exist`);
  const mailCounts = countBy(state.mails, (mail) => /(\d+)/.exec(mail.subject)?.[1] ?? '?');
  const mailProblems = state.orders.filter((order) => mailCounts.get(String(order.id)) !== 1);
  if (mailProblems.length > 0 || state.mails.length !== state.orders.length)
    problems.push(
      `confirmation mails: ${state.mails.length} for ${state.orders.length} orders (${sample(mailProblems.map((o) => o.id))})`,
    );
  check(
    'no order is half-applied: each has its lines, one ledger debit of its total and one confirmation mail; nothing of any other order exists',
    problems.length === 0,
    problems.length === 0 ? `${state.orders.length} orders whole` : sample(problems),
  );

  check(
    'every balance row equals the sum of its ledger entries and of its lots',
    state.ledger.length === 0,
    state.ledger.length === 0 ? `${state.balances.length} balances` : sample(state.ledger),
  );

  const balanceProblems: string[] = [];
  for (const member of members) {
    const spent = state.orders
      .filter((order) => order.agent_id === member.id)
      .reduce((sum, order) => sum + order.total_points, 0);
    const balance = state.balances.find((row) => row.agent_id === member.id)?.available ?? 0;
    if (balance !== member.points - spent)
      balanceProblems.push(`member ${member.id}: ${balance}, expected ${member.points} - ${spent}`);
  }
  check(
    'every member has the points they started with less their orders',
    balanceProblems.length === 0,
    balanceProblems.length === 0 ? `${members.length} members` : sample(balanceProblems),
  );

  const countedSold = state.lines
    .filter((line) => line.gift_id === countedGift.id)
    .reduce((sum, line) => sum + line.quantity, 0);
  check(
    'stock never below zero and equal to the start less the items ordered',
    state.stock >= 0 && state.stock === options.stock - countedSold,
    `stock ${state.stock} = ${options.stock} - ${countedSold}`,
  );

  check(
    'the database watchdog raised no false alarm under this load',
    alarms === 0,
    `${alarms} "database does not answer, failing fast" log lines`,
  );

  // The acknowledged answers' totals were what the client asked for.
  const wrongTotals = acknowledged.filter(
    (attempt) => byId.get(attempt.orderId!)?.total_points !== orderTotal(attempt.lines),
  );
  check(
    'each acknowledged order holds what the client ordered',
    wrongTotals.length === 0,
    `${wrongTotals.length} differ`,
  );
}
