/**
 * Scenario 4: the voucher provider (HTTP) is slow, answering after the
 * club's VOUCHER_PROVIDER_TIMEOUT_MS, then fails with 503, then recovers,
 * while members keep ordering. Orders are placed regardless and wait in the
 * queue; in the end each one is accepted by the provider or failed with its
 * points and stock back and exactly one mail; balances equal their ledger.
 */
import { sql } from 'drizzle-orm';
import { FakeProvider } from '../apps/server/src/testing/fake-provider.ts';
import { ledgerProblems } from '../apps/server/src/testing/booking-records.ts';
import { SmtpSink } from '../apps/server/src/testing/smtp-sink.ts';
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
  inLanes,
  onExit,
  sample,
  waitFor,
} from './support.ts';

type Phase = 'accepting' | 'slow' | 'failing' | 'recovered';
type Placed = {
  orderId: number;
  member: LoggedInMember;
  key: string;
  lines: OrderLines;
  phase: Phase;
};
type OrderRow = {
  id: number;
  agent_id: number;
  order_key: string;
  state: string;
  total_points: number;
  provider_ref: string | null;
  attempts: number;
  last_error: string | null;
};

const key = 'faults-provider-key';
const timeoutMs = 400;
const maxAttempts = 5;
const stock = 10_000;

export async function providerScenario(
  postgres: Postgres,
  port: number,
  logDir: string,
): Promise<void> {
  await postgres.admin('create database faults_provider');
  const url = postgres.url('faults_provider');
  const seeded = await seedClub(url, {
    memberPoints: Array.from({ length: 12 }, () => 10_000),
    countedStock: stock,
  });
  const fake = new FakeProvider(key);
  await fake.start();
  onExit('fake voucher provider', () => void fake.stop());
  const sink = await SmtpSink.start();
  onExit('SMTP sink', () => void sink.stop());
  const server = new ClubServer(
    'provider',
    port,
    {
      DATABASE_URL: url,
      VOUCHER_PROVIDER: 'http',
      VOUCHER_PROVIDER_URL: fake.url,
      VOUCHER_PROVIDER_KEY: key,
      VOUCHER_PROVIDER_TIMEOUT_MS: String(timeoutMs),
      ORDER_POLL_MS: '200',
      ORDER_RETRY_BASE_MS: '250',
      ORDER_MAX_ATTEMPTS: String(maxAttempts),
      SMTP_URL: sink.url,
      MAIL_POLL_MS: '200',
    },
    logDir,
  );
  await server.start();
  const members = await logInAll(server.http, seeded);

  const placed: Placed[] = [];
  const refusedToPlace: string[] = [];
  let turn = 0;
  const order = (phase: Phase, count: number) =>
    inLanes(
      Array.from({ length: count }, () => members[turn++ % members.length]!),
      4,
      async (member) => {
        const attempt = { key: newOrderKey(), lines: randomLines() };
        const answer = await placeOrder(server.http, member.token, attempt.key, attempt.lines);
        const result = dataOf<RedeemAnswer>(answer);
        if (answer.status === 200 && result?.ordered === true && result.orderId !== null)
          placed.push({ ...attempt, orderId: result.orderId, member, phase });
        else refusedToPlace.push(`${phase}: ${answer.status} ${JSON.stringify(answer.body)}`);
      },
    );
  const readOrders = () =>
    inspect(url, (db) =>
      rows<OrderRow>(
        db,
        sql`select id, agent_id, order_key, state, total_points, provider_ref, attempts, last_error from gift_orders order by id`,
      ),
    );
  const ofPhase = (phase: Phase) => placed.filter((entry) => entry.phase === phase);
  const stateCounts = async () => formatCounts(countBy(await readOrders(), (row) => row.state));

  // Accepting: orders reach the provider at once.
  await order('accepting', 10);
  await waitFor(
    'the first orders to be accepted',
    async () => (await readOrders()).every((row) => row.state === 'submitted'),
    { timeoutMs: 30_000, intervalMs: 200, describe: stateCounts },
  );
  figure(`provider accepting: ${ofPhase('accepting').length} orders placed and accepted at once`);

  // Slow: the provider takes the order but answers after the club gave up; the club retries with the same id.
  fake.mode = { kind: 'slow', delayMs: timeoutMs * 4 };
  const slowFrom = Date.now();
  await order('slow', 6);
  await waitFor(
    'every order placed while the provider is slow to be tried twice',
    () => ofPhase('slow').every((entry) => fake.postsFor(entry.orderId) >= 2),
    { timeoutMs: 60_000, intervalMs: 100, describe: stateCounts },
  );
  figure(
    `provider slow (answers after ${timeoutMs * 4} ms, the club waits ${timeoutMs} ms) for ${((Date.now() - slowFrom) / 1000).toFixed(1)} s: ${ofPhase('slow').length} orders placed; orders now ${await stateCounts()}; ${server.logCount('Provider did not answer in time')} timed-out calls logged`,
  );

  // Failing: 503 to every order; orders that run out of attempts fail.
  fake.mode = { kind: 'error', status: 503 };
  const failingFrom = Date.now();
  await order('failing', 12);
  await waitFor(
    'an order placed while the provider fails to fail after its last attempt, and every one to be tried',
    async () => {
      const failed = new Set(
        (await readOrders()).filter((row) => row.state === 'failed').map((row) => row.id),
      );
      const orders = ofPhase('failing');
      return (
        orders.some((entry) => failed.has(entry.orderId)) &&
        orders.every((entry) => fake.postsFor(entry.orderId) >= 1)
      );
    },
    { timeoutMs: 60_000, intervalMs: 100, describe: stateCounts },
  );
  figure(
    `provider answering 503 for ${((Date.now() - failingFrom) / 1000).toFixed(1)} s: ${ofPhase('failing').length} orders placed; orders now ${await stateCounts()}`,
  );

  // Recovered: what still waits goes through.
  fake.mode = { kind: 'accept' };
  const recoveredFrom = Date.now();
  await order('recovered', 6);
  const final = await waitFor(
    'no order to be waiting for the provider',
    async () => {
      const orders = await readOrders();
      return orders.every((row) => row.state !== 'placed') ? orders : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 200, describe: stateCounts },
  );
  figure(
    `provider back: every order settled ${((Date.now() - recoveredFrom) / 1000).toFixed(1)} s later: ${formatCounts(countBy(final, (row) => row.state))}`,
  );
  // The mails: every row of the outbox sent, and nothing more arriving.
  await waitFor(
    'every mail to be sent',
    async () =>
      (
        await inspect(url, (db) =>
          rows<{ unsent: number }>(
            db,
            sql`select count(*)::int as unsent from mail_outbox where sent_at is null`,
          ),
        )
      )[0]!.unsent === 0,
    { timeoutMs: 120_000, intervalMs: 250 },
  );
  let seen = -1;
  await waitFor(
    'the sink to receive nothing more for 1 s',
    () => {
      const quiet = sink.messages.length === seen;
      seen = sink.messages.length;
      return quiet;
    },
    { timeoutMs: 60_000, intervalMs: 1000 },
  );

  const state = await inspect(url, async (db) => ({
    entries: await rows<{ order_id: number; kind: string; amount: number }>(
      db,
      sql`select order_id, kind, amount from point_entries where order_id is not null`,
    ),
    lines: await rows<{ order_id: number; gift_id: number; quantity: number }>(
      db,
      sql`select order_id, gift_id, quantity from gift_order_lines`,
    ),
    mails: await rows<{ template: string; subject: string }>(
      db,
      sql`select template, subject from mail_outbox where template like 'order-%'`,
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
  await sink.stop();
  await fake.stop();

  const byId = new Map(final.map((row) => [row.id, row]));
  const failed = final.filter((row) => row.state === 'failed');
  const accepted = final.filter((row) => row.state === 'submitted' || row.state === 'fulfilled');
  check(
    'every order was placed while the provider was slow or failing (the queue takes them)',
    refusedToPlace.length === 0 && placed.length === 10 + 6 + 12 + 6,
    `${placed.length} placed${refusedToPlace.length > 0 ? `; refused: ${sample(refusedToPlace)}` : ''}`,
  );
  const lost = placed.filter((entry) => {
    const row = byId.get(entry.orderId);
    return (
      row === undefined ||
      row.agent_id !== entry.member.id ||
      row.order_key !== entry.key ||
      row.total_points !== orderTotal(entry.lines) ||
      !['submitted', 'fulfilled', 'failed'].includes(row.state)
    );
  });
  check(
    'nothing is lost: each order ends accepted by the provider or failed',
    lost.length === 0 && final.length === placed.length,
    `${accepted.length} accepted, ${failed.length} failed (${formatCounts(countBy(failed, (row) => row.last_error ?? ''))}); by phase placed: ${(['accepting', 'slow', 'failing', 'recovered'] as const).map((phase) => `${phase} ${ofPhase(phase).filter((entry) => byId.get(entry.orderId)?.state === 'failed').length}/${ofPhase(phase).length} failed`).join(', ')}`,
  );

  const acceptedProblems = accepted.filter((row) => {
    const held = fake.orders.get(row.id);
    const refunds = state.entries.filter(
      (entry) => entry.order_id === row.id && entry.kind === 'refund',
    );
    return held === undefined || held.ref !== row.provider_ref || refunds.length > 0;
  });
  const posts = countBy(fake.postCalls, (id) => String(id));
  const repeated = [...posts.values()].filter((count) => count > 1).length;
  check(
    'each accepted order is held by the provider under its ref, once, and not refunded',
    acceptedProblems.length === 0,
    `${accepted.length} accepted; the provider got ${fake.postCalls.length} order calls for ${posts.size} orders (${repeated} sent more than once with the same id, up to ${Math.max(...posts.values())} times)`,
  );

  const refundProblems: string[] = [];
  for (const row of failed) {
    const refunds = state.entries.filter(
      (entry) => entry.order_id === row.id && entry.kind === 'refund',
    );
    const debits = state.entries.filter(
      (entry) => entry.order_id === row.id && entry.kind === 'order',
    );
    if (refunds.length !== 1 || refunds[0]!.amount !== row.total_points || debits.length !== 1)
      refundProblems.push(
        `order ${row.id}: refunds ${refunds.map((entry) => entry.amount).join(',') || 'none'} of ${row.total_points}`,
      );
  }
  check(
    'each failed order was refunded exactly once, its full points',
    refundProblems.length === 0,
    refundProblems.length === 0 ? `${failed.length} refunds` : sample(refundProblems),
  );

  const mailOf = (template: string) =>
    countBy(
      state.mails.filter((mail) => mail.template === template),
      (mail) => /(\d+)/.exec(mail.subject)?.[1] ?? '?',
    );
  const failedMails = mailOf('order-failed');
  const confirmations = mailOf('order-confirmation');
  const sunkFailed = countBy(
    sink.messages.filter((mail) => /could not be sent/.test(mail.subject)),
    (mail) => /(\d+)/.exec(mail.subject)?.[1] ?? '?',
  );
  const mailProblems = final.filter((row) => {
    const expected = row.state === 'failed' ? 1 : undefined;
    return (
      failedMails.get(String(row.id)) !== expected ||
      sunkFailed.get(String(row.id)) !== expected ||
      confirmations.get(String(row.id)) !== 1
    );
  });
  check(
    'one failure mail per failed order (queued and delivered), none for the others; one confirmation each',
    mailProblems.length === 0 &&
      failedMails.size === failed.length &&
      sunkFailed.size === failed.length,
    `${failedMails.size} failure mails queued, ${[...sunkFailed.values()].reduce((a, b) => a + b, 0)} delivered for ${failed.length} failed orders${mailProblems.length > 0 ? `; wrong for orders ${sample(mailProblems.map((row) => row.id))}` : ''}`,
  );

  const balanceProblems: string[] = [];
  for (const member of members) {
    const spent = final
      .filter((row) => row.agent_id === member.id && row.state !== 'failed')
      .reduce((sum, row) => sum + row.total_points, 0);
    const balance = state.balances.find((row) => row.agent_id === member.id)?.available;
    if (balance !== member.points - spent)
      balanceProblems.push(`member ${member.id}: ${balance}, expected ${member.points} - ${spent}`);
  }
  const keptItems = state.lines
    .filter(
      (line) => line.gift_id === countedGift.id && byId.get(line.order_id)?.state !== 'failed',
    )
    .reduce((sum, line) => sum + line.quantity, 0);
  check(
    'balances equal their ledger and the points of the orders kept; stock is back for failed orders',
    state.ledger.length === 0 && balanceProblems.length === 0 && state.stock === stock - keptItems,
    `${state.ledger.length} ledger problems${state.ledger.length > 0 ? ` (${sample(state.ledger)})` : ''}; ${balanceProblems.length} balances off${balanceProblems.length > 0 ? ` (${sample(balanceProblems)})` : ''}; stock ${state.stock} = ${stock} - ${keptItems}`,
  );

  // A call that timed out may have reached the provider: the club cancels before it refunds.
  const heldButFailed = failed.filter((row) => fake.orders.has(row.id));
  check(
    'no failed (refunded) order is held by the provider',
    heldButFailed.length === 0,
    `${heldButFailed.length} of the ${failed.length} failed orders held by the provider${heldButFailed.length > 0 ? `: orders ${sample(heldButFailed.map((row) => row.id))}` : ''}; ${fake.cancelCalls.length} cancellations asked`,
  );
}
