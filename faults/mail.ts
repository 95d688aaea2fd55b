/**
 * Scenario 2: the SMTP server is down while members register (double opt-in:
 * a confirmation mail each) and ask for password resets (a reset mail each).
 * No request fails; the mail waits in the outbox with its failed attempts;
 * once SMTP is back every mail is delivered exactly once (by recipient and
 * template, and by the outbox row's stable Message-ID).
 */
import { sql } from 'drizzle-orm';
import { SmtpSink } from '../apps/server/src/testing/smtp-sink.ts';
import { ClubServer, inspect, password, rows } from './club.ts';
import type { Postgres } from './postgres.ts';
import {
  check,
  codeOf,
  countBy,
  dataOf,
  figure,
  formatCounts,
  inLanes,
  onExit,
  percentile,
  sample,
  waitFor,
  type Answer,
} from './support.ts';

export type MailOptions = { members: number; lanes: number; servers: number };

type OutboxRow = {
  id: number;
  recipient: string;
  template: string;
  attempts: number;
  sent: boolean;
  last_error: string | null;
};

const readOutbox = (url: string) =>
  inspect(url, (db) =>
    rows<OutboxRow>(
      db,
      sql`select id, recipient, template, attempts, sent_at is not null as sent, last_error from mail_outbox order by id`,
    ),
  );

export async function mailScenario(
  postgres: Postgres,
  port: number,
  logDir: string,
  options: MailOptions,
): Promise<void> {
  await postgres.admin('create database faults_mail');
  const url = postgres.url('faults_mail');
  const sink = await SmtpSink.start();
  onExit('SMTP sink', () => void sink.stop());
  const environment = {
    DATABASE_URL: url,
    SMTP_URL: sink.url,
    MAIL_POLL_MS: '250',
    MAIL_RETRY_BASE_MS: '250',
    MAIL_RETRY_MAX_MS: '2000',
    MAIL_MAX_ATTEMPTS: '1000',
    // Every registration of the load comes from this one address.
    REGISTRATION_ADDRESS_FREE_ATTEMPTS: '1000000',
  };
  // Several processes share the outbox (as in production); the load goes to each in turn.
  const servers = Array.from(
    { length: options.servers },
    (_, i) => new ClubServer(`mail-${i + 1}`, port + 10 * i, environment, logDir),
  );
  // The first migrates the empty database and loads the demo content; then the others start.
  for (const server of servers) await server.start(120_000);
  const run = Date.now().toString(36);
  const emailOf = (index: number) => `faults-mail-${run}-${index}@agent.example`;

  const register = (email: string, index = 0) =>
    servers[index % servers.length]!.http.call('/s2c/auth/v1/agents', {
      form: {
        countryCode: 'gr',
        languageCode: 'eng',
        agreeWithConditions: 'true',
        firstName: 'Maria',
        lastName: 'Outage',
        title: 'ms',
        password,
        passwordRepeat: password,
        officeId: 'ATHGR2101',
        email,
      },
    });
  const askReset = (email: string, index = 0) =>
    servers[index % servers.length]!.http.call('/s2c/content/v1/pages/retrieve-password/', {
      form: { countryCode: 'gr', languageCode: 'eng', email },
    });

  // Control: with SMTP up, a registration's mail arrives.
  const control = await register(emailOf(0));
  await sink.waitFor((mail) => mail.to.includes(emailOf(0)), 20_000);
  check('with SMTP up, a registration mail arrives', control.status === 200);
  const before = await readOutbox(url);

  await sink.stop();
  const answers: { kind: 'registration' | 'reset'; answer: Answer }[] = [];
  const loadStarted = Date.now();
  const indexes = Array.from({ length: options.members }, (_, i) => i + 1);
  await inLanes(indexes, options.lanes, async (index) => {
    const email = emailOf(index);
    answers.push({ kind: 'registration', answer: await register(email, index) });
    answers.push({ kind: 'reset', answer: await askReset(email, index + 1) });
  });
  const loadMs = Date.now() - loadStarted;
  const failed = answers.filter(({ kind, answer }) => {
    if (answer.status !== 200) return true;
    if (kind === 'registration') {
      const data = dataOf<{ user?: { email?: string }; token?: string | null }>(answer);
      return data?.user?.email === undefined || data.token !== null;
    }
    return dataOf<{ sent?: boolean }>(answer)?.sent !== true;
  });
  const latencies = answers.map(({ answer }) => answer.ms);
  figure(
    `SMTP down: ${options.members} registrations and ${options.members} password resets in ${(loadMs / 1000).toFixed(1)} s by ${options.lanes} clients on ${servers.length} server processes; latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(...latencies)} ms`,
  );
  check(
    'no request failed while SMTP was down',
    failed.length === 0,
    `${answers.length} requests, ${failed.length} failed${failed.length > 0 ? `: ${formatCounts(countBy(failed, ({ answer }) => `${answer.status} ${codeOf(answer) ?? answer.error}`))}` : ''}`,
  );

  // The mail waits. The worker takes the oldest due rows, ten at a time, and a refused
  // connection postpones the rest of its batch: it has met the outage once a row is retried.
  const waiting = await waitFor(
    'the outbox worker to retry a mail',
    async () => {
      const outbox = await readOutbox(url);
      return outbox.some((row) => !row.sent && row.attempts >= 2) ? outbox : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  const unsent = waiting.filter((row) => !row.sent);
  const retryLines = servers.reduce(
    (sum, each) => sum + each.logCount('mail not sent; will retry'),
    0,
  );
  const tried = unsent.filter((row) => row.attempts > 0);
  figure(
    `outbox during the outage: ${waiting.length} rows, ${unsent.length} unsent (${formatCounts(countBy(unsent, (row) => row.template))}); ${tried.length} tried so far, up to ${Math.max(...unsent.map((row) => row.attempts))} attempts each; ${retryLines} "will retry" log lines; last error "${tried[0]?.last_error ?? ''}"`,
  );
  check(
    'every mail of the outage waits in the outbox (none sent, none given up)',
    unsent.length === options.members * 2 &&
      waiting.length === before.length + options.members * 2 &&
      sink.messages.length === before.length,
    `${unsent.length} of ${options.members * 2} waiting, ${sink.messages.length - before.length} sent`,
  );

  const back = Date.now();
  await sink.listen();
  const delivered = await waitFor(
    'every outbox row to be sent',
    async () => {
      const outbox = await readOutbox(url);
      return outbox.every((row) => row.sent) ? outbox : undefined;
    },
    {
      timeoutMs: 180_000,
      intervalMs: 250,
      describe: async () =>
        `${(await readOutbox(url)).filter((row) => !row.sent).length} unsent, ${sink.messages.length} received`,
    },
  );
  const drainMs = Date.now() - back;
  // Settle: a late duplicate would arrive right after the last row was marked sent.
  let seen = -1;
  await waitFor(
    'the sink to receive nothing more for 1.5 s',
    () => {
      const now = sink.messages.length;
      const quiet = now === seen;
      seen = now;
      return quiet && now >= delivered.length;
    },
    { timeoutMs: 60_000, intervalMs: 1500 },
  );
  for (const each of servers) await each.stop();
  await sink.stop();

  figure(
    `SMTP back: ${delivered.length} outbox rows sent in ${(drainMs / 1000).toFixed(1)} s by ${servers.length} processes (${(unsent.length / (drainMs / 1000)).toFixed(1)} mails/s; the sink greets each connection after 100 ms); the sink received ${sink.messages.length} messages`,
  );
  const rowIdOf = (messageId: string) => Number(/outbox-(\d+)@/.exec(messageId)?.[1] ?? NaN);
  const received = countBy(sink.messages, (mail) => String(rowIdOf(mail.messageId)));
  const rowProblems: string[] = [];
  for (const row of delivered) {
    const count = received.get(String(row.id)) ?? 0;
    const mail = sink.messages.find((candidate) => rowIdOf(candidate.messageId) === row.id);
    if (count !== 1) rowProblems.push(`row ${row.id} (${row.template}) received ${count} times`);
    else if (!mail!.to.includes(row.recipient.toLowerCase()) && !mail!.to.includes(row.recipient))
      rowProblems.push(`row ${row.id} went to ${mail!.to.join(',')}, not ${row.recipient}`);
  }
  const strangers = sink.messages.filter(
    (mail) => !delivered.some((row) => row.id === rowIdOf(mail.messageId)),
  );
  check(
    'every outbox row was delivered exactly once (by Message-ID), and nothing else',
    rowProblems.length === 0 && strangers.length === 0,
    `${delivered.length} rows, ${sink.messages.length} messages${rowProblems.length > 0 ? `; ${sample(rowProblems)}` : ''}${strangers.length > 0 ? `; ${strangers.length} messages of no row` : ''}`,
  );

  // The same by recipient and template: each member one confirmation and one reset mail.
  const templateOf = new Map(delivered.map((row) => [row.id, row.template]));
  const sunk = countBy(
    sink.messages,
    (mail) =>
      `${mail.to.join(',').toLowerCase()} ${templateOf.get(rowIdOf(mail.messageId)) ?? mail.subject}`,
  );
  const queued = countBy(delivered, (row) => `${row.recipient.toLowerCase()} ${row.template}`);
  const mismatches = [...new Set([...sunk.keys(), ...queued.keys()])].filter(
    (key) => sunk.get(key) !== queued.get(key),
  );
  const perMember = indexes.filter((index) => {
    const email = emailOf(index);
    return sunk.get(`${email} confirm-email`) !== 1 || sunk.get(`${email} reset-password`) !== 1;
  });
  check(
    'per recipient and template, the sink holds what the outbox holds: one confirmation and one reset mail per member',
    mismatches.length === 0 && perMember.length === 0,
    `${queued.size} recipient-template pairs; ${mismatches.length} differ${mismatches.length > 0 ? ` (${sample(mismatches)})` : ''}; ${perMember.length} members without exactly one of each`,
  );
}
