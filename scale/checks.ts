/**
 * What must hold after a phase, however many processes served it: read back
 * by SQL from the phase's database, from the SMTP sink and from the fake
 * voucher provider. Each check is printed; a failed one fails the run.
 */
import { sql } from 'drizzle-orm';
import type { FakeProvider } from '../apps/server/src/testing/fake-provider.ts';
import { ledgerProblems } from '../apps/server/src/testing/booking-records.ts';
import type { SmtpSink } from '../apps/server/src/testing/smtp-sink.ts';
import { countedGift, inspect, rows, type SeededMember } from '../faults/club.ts';
import { check, countBy, formatCounts, sample } from '../faults/support.ts';
import type { TrafficResult } from './traffic.ts';

/** One of the burst's wrong passwords: its answer, the process that gave it, and how long it took. */
export type BurstAnswer = { status: number; backend: number; ms: number };

/** What one process's jobs did during the phase, by its log. */
export type JobLog = { mailsSent: number; purged: number };

export type PhaseFacts = {
  url: string;
  processes: number;
  traffic: TrafficResult;
  burst: BurstAnswer[];
  burstMember: SeededMember;
  burstSize: number;
  /** The client address of the burst, as the proxy put it in X-Forwarded-For. */
  burstAddress: string;
  freeFailures: number;
  sink: SmtpSink;
  provider: FakeProvider;
  /** Requests the proxy sent to each process. */
  spread: number[];
  countedStock: number;
  overdueDeletions: number;
  /** Per process, in the order of the proxy's backends. */
  jobs: JobLog[];
};

type Order = {
  id: number;
  agent_id: number;
  order_key: string;
  total_points: number;
  state: string;
};

export async function checkPhase(facts: PhaseFacts): Promise<void> {
  const { traffic } = facts;
  const state = await inspect(facts.url, async (db) => ({
    ledger: await ledgerProblems(db),
    orders: await rows<Order>(
      db,
      sql`select id, agent_id, order_key, total_points, state from gift_orders order by id`,
    ),
    lines: await rows<{ order_id: number; gift_id: number; quantity: number; points: number }>(
      db,
      sql`select order_id, gift_id, quantity, points from gift_order_lines`,
    ),
    entries: await rows<{ order_id: number; agent_id: number; kind: string; amount: number }>(
      db,
      sql`select order_id, agent_id, kind, amount from point_entries where order_id is not null`,
    ),
    outbox: await rows<{
      id: number;
      recipient: string;
      template: string;
      subject: string;
      sent: boolean;
    }>(
      db,
      sql`select id, recipient, template, subject, sent_at is not null as sent from mail_outbox order by id`,
    ),
    stock: (
      await rows<{ stock: number }>(db, sql`select stock from gifts where id = ${countedGift.id}`)
    )[0]!.stock,
    burstFailures:
      (
        await rows<{ failures: number }>(
          db,
          sql`select failures from login_failures where key = ${`number:${facts.burstMember.number}`}`,
        )
      )[0]?.failures ?? 0,
    addressFailures: await rows<{ key: string; failures: number }>(
      db,
      sql`select key, failures from login_failures where key like 'address:%'`,
    ),
    deletedLeft: (
      await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from agents where status = 'deleted'`,
      )
    )[0]!.count,
    duePending: (
      await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from booking_segments s join bookings b on b.id = s.booking_id
            where b.pnr like 'DUE%' and s.status <> 'OK'`,
      )
    )[0]!.count,
  }));

  // ---------------------------------------------------------------- answers
  check(
    'every call was answered as the club promises (no 5xx, no unexpected refusal, no lost answer)',
    traffic.unexpected.length === 0,
    `${traffic.samples.length} measured calls${traffic.unexpected.length > 0 ? `; ${traffic.unexpected.length} unexpected: ${sample(traffic.unexpected)}` : ''}`,
  );
  check(
    'the load balancer spread the calls over every process',
    facts.spread.length === facts.processes && facts.spread.every((count) => count > 0),
    `requests per process: ${facts.spread.join(', ')}`,
  );

  // ---------------------------------------------------------------- points
  check(
    'every balance equals the sum of its ledger entries and of its lots',
    state.ledger.length === 0,
    state.ledger.length === 0 ? 'no difference' : sample(state.ledger),
  );

  // ---------------------------------------------------------------- orders
  const byId = new Map(state.orders.map((order) => [order.id, order]));
  const missing = traffic.placed.filter((placed) => {
    const order = byId.get(placed.orderId);
    return order?.agent_id !== placed.memberId || order.order_key !== placed.key;
  });
  const ids = new Set(traffic.placed.map((placed) => placed.orderId));
  check(
    'every order acknowledged is in the database once, under its member and key, and no other order exists',
    missing.length === 0 && ids.size === traffic.placed.length && state.orders.length === ids.size,
    `${traffic.placed.length} acknowledged, ${state.orders.length} in the database, ${missing.length} missing`,
  );
  const doubled = traffic.repeated.filter((repeat) => repeat.again !== repeat.first);
  check(
    'an order form sent again with its key names the same order (placed once)',
    doubled.length === 0,
    `${traffic.repeated.length} sent twice, ${doubled.length} got another answer`,
  );

  const orderProblems: string[] = [];
  for (const order of state.orders) {
    const entries = state.entries.filter((entry) => entry.order_id === order.id);
    const debits = entries.filter((entry) => entry.kind === 'order');
    const refunds = entries.filter((entry) => entry.kind === 'refund');
    const lineTotal = state.lines
      .filter((line) => line.order_id === order.id)
      .reduce((sum, line) => sum + line.quantity * line.points, 0);
    if (lineTotal !== order.total_points)
      orderProblems.push(`order ${order.id}: lines ${lineTotal}, total ${order.total_points}`);
    if (debits.length !== 1 || debits[0]!.amount !== -order.total_points)
      orderProblems.push(
        `order ${order.id}: debits ${debits.map((d) => d.amount).join(',') || 'none'}`,
      );
    if (order.state === 'fulfilled' && refunds.length !== 0)
      orderProblems.push(`order ${order.id}: fulfilled and refunded`);
    if (
      order.state === 'failed' &&
      (refunds.length !== 1 || refunds[0]!.amount !== order.total_points)
    )
      orderProblems.push(
        `order ${order.id}: failed with refunds ${refunds.map((r) => r.amount).join(',') || 'none'}`,
      );
    if (order.state !== 'fulfilled' && order.state !== 'failed')
      orderProblems.push(`order ${order.id}: still ${order.state}`);
    // The fake provider refuses every fifth order id and fulfils the others.
    const held = facts.provider.orders.has(order.id);
    const expected = order.id % 5 === 0 ? 'failed' : 'fulfilled';
    if (!held || order.state !== expected)
      orderProblems.push(
        `order ${order.id}: ${order.state}, provider ${held ? 'holds it' : 'never had it'}`,
      );
  }
  const states = countBy(state.orders, (order) => order.state);
  check(
    'every order ended fulfilled or refunded exactly once: one debit of its total, one refund when it failed, none when fulfilled, as the provider answered',
    orderProblems.length === 0,
    `${formatCounts(states) || 'no orders'}${orderProblems.length > 0 ? `; ${sample(orderProblems)}` : ''}`,
  );

  const countedLeft = state.lines
    .filter(
      (line) => line.gift_id === countedGift.id && byId.get(line.order_id)?.state !== 'failed',
    )
    .reduce((sum, line) => sum + line.quantity, 0);
  check(
    'stock never below zero, and the start less the items of orders kept',
    state.stock >= 0 && state.stock === facts.countedStock - countedLeft,
    `stock ${state.stock} = ${facts.countedStock} - ${countedLeft}; refusals: ${formatCounts(traffic.refusals) || 'none'}`,
  );

  // ---------------------------------------------------------------- mail
  const rowIdOf = (messageId: string) => Number(/outbox-(\d+)@/.exec(messageId)?.[1] ?? NaN);
  const received = countBy(facts.sink.messages, (mail) => String(rowIdOf(mail.messageId)));
  const mailProblems: string[] = [];
  for (const row of state.outbox) {
    const count = received.get(String(row.id)) ?? 0;
    if (!row.sent || count !== 1)
      mailProblems.push(
        `row ${row.id} (${row.template}) ${row.sent ? 'sent' : 'unsent'}, received ${count} times`,
      );
  }
  const strangers = facts.sink.messages.filter(
    (mail) => !state.outbox.some((row) => row.id === rowIdOf(mail.messageId)),
  );
  check(
    'every outbox mail was delivered exactly once (by Message-ID), and nothing else',
    mailProblems.length === 0 && strangers.length === 0,
    `${state.outbox.length} rows (${formatCounts(countBy(state.outbox, (row) => row.template))}), ${facts.sink.messages.length} messages${mailProblems.length > 0 ? `; ${sample(mailProblems)}` : ''}${strangers.length > 0 ? `; ${strangers.length} of no row` : ''}`,
  );
  const confirmations = countBy(
    state.outbox.filter((row) => row.template === 'confirm-email'),
    (row) => row.recipient.toLowerCase(),
  );
  const unconfirmed = traffic.registered.filter((email) => confirmations.get(email) !== 1);
  const orderMails = (template: string) =>
    countBy(
      state.outbox.filter((row) => row.template === template),
      (row) => /(\d+)/.exec(row.subject)?.[1] ?? '?',
    );
  const confirmed = orderMails('order-confirmation');
  const failedMails = orderMails('order-failed');
  const orderMailProblems = state.orders.filter(
    (order) =>
      confirmed.get(String(order.id)) !== 1 ||
      (failedMails.get(String(order.id)) ?? 0) !== (order.state === 'failed' ? 1 : 0),
  );
  check(
    'each registration queued one confirmation mail; each order one confirmation, and one failure mail when refunded',
    unconfirmed.length === 0 && orderMailProblems.length === 0,
    `${traffic.registered.length} registrations, ${unconfirmed.length} without exactly one; ${orderMailProblems.length} orders with other mail${orderMailProblems.length > 0 ? ` (${sample(orderMailProblems.map((order) => order.id))})` : ''}`,
  );

  // ---------------------------------------------------------------- login limits
  const verified = facts.burst.filter((answer) => answer.status === 401).length;
  const limited = facts.burst.filter((answer) => answer.status === 429).length;
  const backends = new Set(facts.burst.map((answer) => answer.backend));
  // The free failures and the one that sets the first block (1 s) are checked. A guess that
  // reaches its process only after a block ran out is checked too and doubles the block, so a
  // burst slowed down for T seconds may see log2(1 + T) more: still far from a limit per process.
  const spanSeconds = Math.max(0, ...facts.burst.map((answer) => answer.ms)) / 1000;
  const allowed = facts.freeFailures + 1 + Math.floor(Math.log2(1 + spanSeconds));
  check(
    `login limits held across processes: ${facts.burstSize} wrong passwords for one number at once, spread over ${backends.size} of ${facts.processes} processes, were limited as one: the free ones and the one that sets the block checked (${facts.freeFailures + 1}, at most ${allowed} as the burst took ${spanSeconds.toFixed(1)} s), each counted, the rest refused with 429`,
    verified >= facts.freeFailures + 1 &&
      verified <= allowed &&
      limited === facts.burstSize - verified &&
      backends.size === facts.processes &&
      state.burstFailures === verified,
    `${verified} answered 401, ${limited} 429, ${facts.burst.length - verified - limited} other; failures counted ${state.burstFailures}`,
  );

  const burstAddressKey = `address:${facts.burstAddress}`;
  const addressKeys = state.addressFailures.map((row) => `${row.key} ×${row.failures}`).join(', ');
  check(
    "behind the proxy the server sees each client's own address (X-Forwarded-For with TRUST_PROXY): the burst counted against its address only",
    state.addressFailures.some((row) => row.key === burstAddressKey && row.failures === verified),
    addressKeys || 'no address counted',
  );

  // ---------------------------------------------------------------- jobs
  const mailsSent = facts.jobs.map((job) => job.mailsSent);
  check(
    'the outbox worker of every process sent mail, and together they sent each mail once',
    mailsSent.every((count) => count > 0) &&
      mailsSent.reduce((sum, count) => sum + count, 0) === state.outbox.length,
    `mails sent per process: ${mailsSent.join(', ')}, of ${state.outbox.length}`,
  );
  const purged = facts.jobs.map((job) => job.purged);
  check(
    'the purge job removed the members deleted longer ago than their linkLifeTime, each once',
    state.deletedLeft === 0 &&
      purged.reduce((sum, count) => sum + count, 0) === facts.overdueDeletions,
    `${facts.overdueDeletions} overdue, ${state.deletedLeft} left; purged per process: ${purged.join(', ')}`,
  );
  check(
    'the points clock credited the pending segments whose service is over',
    state.duePending === 0,
    `${state.duePending} still pending`,
  );
}
