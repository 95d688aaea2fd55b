/**
 * Outbox delivery: mails per second the outbox worker (`MailWorker.drain`,
 * as the mail module runs it) delivers from the outbox table to a local SMTP
 * server, against nodemailer sending the same messages one after another
 * over one kept connection to the same server in the same run: what SMTP
 * itself costs (the limit). Beside it, nodemailer with a new connection per
 * message, as the worker sent before decision 036. The SMTP server only
 * reads each message (it does not parse it), so that the figures are the
 * sender's; like many servers it pauses 100 ms before its greeting (to catch
 * clients that talk too soon), which a new connection pays. The embedded
 * database in a temporary folder, or the PostgreSQL database of
 * BENCH_DATABASE_URL.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { smtpSender, type OutgoingMail } from '../apps/server/src/modules/mail/mail-sender.ts';
import { MailWorker } from '../apps/server/src/modules/mail/mail-worker.ts';
import { mailOutbox } from '../apps/server/src/modules/mail/schema.ts';
import { median } from './lib.ts';

const MAILS = 400;

/** A confirmation mail's size: a short text part and an HTML part of a few kB. */
function message(index: number): OutgoingMail {
  const link = `https://gr.club.example/registration-email-confirm?token=${'t'.repeat(43)}${index}`;
  const text = `Hello Nikos,\n\nPlease confirm your email address: ${link}\n\n${'The club team. '.repeat(20)}`;
  const html = `<html lang="en" dir="ltr"><body><p>Hello Nikos,</p><p><a href="${link}">Confirm</a></p>${'<p>The club team, with a footer line of the programme.</p>'.repeat(40)}</body></html>`;
  return {
    from: 'Club <club@example.com>',
    to: `agent${index}@travel.example`,
    subject: 'Please confirm your email address',
    text,
    html,
    messageId: `<bench-${index}@club.test>`,
  };
}

async function startSmtpServer(): Promise<{
  url: string;
  received: () => number;
  stop: () => Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Seconds for nodemailer to send `mails` one after another; `pool` keeps one connection. */
async function nodemailerSeconds(
  url: string,
  mails: OutgoingMail[],
  pool: boolean,
): Promise<number> {
  const transport = createTransport({ url, pool, maxConnections: 1 });
  const started = performance.now();
  for (const mail of mails) await transport.sendMail(mail);
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
}

export async function mailFigures(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-mail-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl === undefined ? { dataDir } : { databaseUrl });
  const smtp = await startSmtpServer();
  const sender = smtpSender(smtp.url);
  const worker = new MailWorker({
    db: database.db,
    log: pino({ level: 'warn' }),
    sender,
    from: 'Club <club@example.com>',
    messageIdDomain: 'club.test',
    retryBaseMs: 1_000,
    retryMaxMs: 60_000,
    maxAttempts: 5,
    logLinks: false,
  });
  try {
    await database.migrate();
    const mails = Array.from({ length: MAILS }, (_, index) => message(index));
    const rows = mails.map((mail) => ({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: 'confirm-email',
    }));
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const results: { worker: number; kept: number; perMessage: number }[] = [];
    for (let round = -1; round < rounds; round++) {
      await database.db.delete(mailOutbox);
      await database.db.insert(mailOutbox).values(rows);
      const started = performance.now();
      const drained = await worker.drain();
      const workerSeconds = (performance.now() - started) / 1000;
      if (drained.sent !== MAILS) throw new Error(`the worker sent ${drained.sent} of ${MAILS}`);
      const kept = await nodemailerSeconds(smtp.url, mails, true);
      const perMessage = await nodemailerSeconds(smtp.url, mails, false);
      if (round < 0) continue;
      results.push({
        worker: MAILS / workerSeconds,
        kept: MAILS / kept,
        perMessage: MAILS / perMessage,
      });
    }
    if (smtp.received() !== MAILS * 3 * (rounds + 1))
      throw new Error('the SMTP server missed mail');
    const where = databaseUrl === undefined ? 'embedded database' : 'PostgreSQL';
    const ratios = results.map((r) => r.worker / r.kept);
    console.log(
      `mail outbox (${where}): the worker delivers ${median(results.map((r) => r.worker)).toFixed(0)} mails/s; nodemailer over one kept connection ${median(results.map((r) => r.kept)).toFixed(0)} mails/s -> ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}); a new connection per message ${median(results.map((r) => r.perMessage)).toFixed(0)} mails/s`,
    );
  } finally {
    worker.close();
    await smtp.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
