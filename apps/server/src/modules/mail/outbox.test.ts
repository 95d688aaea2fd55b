import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createAgent } from '../../testing/factories.js';
import { outboxRows } from '../../testing/account-helpers.js';
import { SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { smtpSender } from './mail-sender.js';
import { MailWorker, type MailWorkerOptions } from './mail-worker.js';
import { enqueueMail, type MailToQueue } from './outbox.js';
import { mailTemplateWords } from './mail-templates.js';
import { mailOutbox } from './schema.js';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await SmtpSink.start();
  t = await createTestApp({ config: { smtpUrl: sink.url } });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
  sink.clear();
  await sink.listen();
});

const confirmMail = (overrides: Partial<MailToQueue> = {}): MailToQueue => ({
  to: 'agent@travel.example',
  template: 'confirm-email',
  countryCode: 'gr',
  languageCode: 'eng',
  variables: {
    link: 'http://gr.localhost:3000/registration-email-confirm?token=abc',
    firstName: 'Nikos',
    number: '1000001',
  },
  ...overrides,
});

async function queue(...mails: MailToQueue[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    for (const mail of mails) await enqueueMail(tx, mail);
  });
}

function worker(overrides: Partial<MailWorkerOptions> = {}): MailWorker {
  return new MailWorker({
    db: t.database.db,
    log: t.app.log,
    sender: smtpSender(sink.url),
    from: 'Club <club@example.com>',
    messageIdDomain: 'club.test',
    retryBaseMs: 1,
    retryMaxMs: 10,
    maxAttempts: 30,
    logLinks: true,
    random: () => 1,
    ...overrides,
  });
}

describe('enqueueMail', () => {
  it('renders subject, text and HTML in the member language (Greek)', async () => {
    await queue(confirmMail({ languageCode: 'ell' }));
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({
      recipient: 'agent@travel.example',
      template: 'confirm-email',
      subject: 'Επιβεβαιώστε τη διεύθυνση email σας',
      sentAt: null,
      attempts: 0,
    });
    expect(row!.text).toContain('Γεια σας Nikos,');
    expect(row!.text).toContain('http://gr.localhost:3000/registration-email-confirm?token=abc');
    expect(row!.html).toContain('<html lang="el" dir="ltr">');
    expect(row!.html).toContain(
      'href="http://gr.localhost:3000/registration-email-confirm?token=abc"',
    );
  });

  it('renders Arabic right to left', async () => {
    await queue(confirmMail({ countryCode: 'ae', languageCode: 'ara' }));
    const [row] = await outboxRows(t.database.db);
    expect(row!.subject).toBe('يرجى تأكيد عنوان بريدك الإلكتروني');
    expect(row!.html).toContain('<html lang="ar" dir="rtl">');
    expect(row!.html).toContain('<body dir="rtl">');
  });

  it('escapes variables in the HTML part only, and keeps the subject on one line', async () => {
    await queue({
      to: 'boss@agency.example',
      template: 'decision-maker-request',
      countryCode: 'gr',
      languageCode: 'eng',
      variables: {
        officeId: 'ATH1\r\nBcc: x@evil.example',
        agencyName: '<b>Tom & "Jerry"</b>',
        agentName: 'Nikos',
        link: 'http://gr.club.example/agency-opt-in?s=x&c=y',
      },
    });
    const [row] = await outboxRows(t.database.db);
    expect(row!.subject).toBe(
      'An agent of office ATH1 Bcc: x@evil.example asks to join Amadeus+Me',
    );
    expect(row!.html).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
    expect(row!.html).not.toContain('<b>Tom');
    expect(row!.text).toContain('<b>Tom & "Jerry"</b>');
  });

  it('falls back to the country default language when the language has no such template', async () => {
    await queue(confirmMail({ languageCode: 'fra' }));
    const [row] = await outboxRows(t.database.db);
    expect(row!.subject).toBe('Please confirm your email address');
  });

  it('reads a template’s words, its fallback language and script', async () => {
    const words = await mailTemplateWords(t.database.db, {
      template: 'confirm-email',
      countryCode: 'ae',
      languageCode: 'fra',
    });
    const mail = words.fill({ link: 'http://ae.localhost:3000/x', number: '1' });
    expect(mail.subject).toBe('يرجى تأكيد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    await expect(
      mailTemplateWords(t.database.db, {
        template: 'confirm-email',
        countryCode: 'zz',
        languageCode: 'eng',
      }),
    ).rejects.toThrow('Unknown country zz');
  });

  it('refuses a mail without its variables, and the transaction writes nothing', async () => {
    await expect(
      queue(confirmMail(), confirmMail({ variables: { firstName: 'x' } })),
    ).rejects.toThrow('Mail confirm-email needs link');
    expect(await outboxRows(t.database.db)).toEqual([]);
  });

  it('writes nothing when the change it belongs to rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, confirmMail());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows(t.database.db)).toEqual([]);
  });
});

describe('the outbox worker', () => {
  it('delivers a queued mail over SMTP and marks it sent', async () => {
    await queue(confirmMail({ languageCode: 'ell' }));
    expect(await worker().drain()).toMatchObject({ sent: 1, failed: 0 });
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail).toMatchObject({
      to: ['agent@travel.example'],
      from: 'club@example.com',
      subject: 'Επιβεβαιώστε τη διεύθυνση email σας',
      links: ['http://gr.localhost:3000/registration-email-confirm?token=abc'],
    });
    expect(mail!.html).toContain(
      'href="http://gr.localhost:3000/registration-email-confirm?token=abc"',
    );
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(mail!.messageId).toBe(`<outbox-${row!.id}@club.test>`);
  });

  it('keeps mail through an SMTP outage and delivers each once when SMTP is back', async () => {
    await sink.stop();
    await queue(
      ...Array.from({ length: 5 }, (_, i) => confirmMail({ to: `agent${i}@travel.example` })),
    );
    const mailer = worker({ retryBaseMs: 60_000, retryMaxMs: 60_000 });

    expect(await mailer.runCycle()).toMatchObject({ claimed: 5, sent: 0, failed: 5 });
    for (const row of await outboxRows(t.database.db)) {
      expect(row).toMatchObject({ sentAt: null, attempts: 1, lockedUntil: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }
    // Not due yet: nothing is tried again before the backoff ends.
    expect(await mailer.runCycle()).toMatchObject({ claimed: 0 });

    await sink.listen();
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await mailer.drain()).toMatchObject({ sent: 5, failed: 0 });
    expect(await mailer.drain()).toMatchObject({ claimed: 0 });
    expect(sink.messages.map((mail) => mail.to[0]).sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => `agent${i}@travel.example`),
    );
    expect((await outboxRows(t.database.db)).every((row) => row.sentAt !== null)).toBe(true);
  });

  it("sends a cycle's batches over one SMTP connection and closes it when the cycle ends", async () => {
    await queue(
      ...Array.from({ length: 7 }, (_, i) => confirmMail({ to: `batch${i}@travel.example` })),
    );
    const mailer = worker({ batchSize: 3 });
    expect(await mailer.runCycle()).toMatchObject({ claimed: 7, sent: 7, failed: 0 });
    expect(sink.messages).toHaveLength(7);
    expect(sink.connections).toBe(1);
    // Nothing due: no connection at all.
    expect(await mailer.runCycle()).toMatchObject({ claimed: 0 });
    expect(sink.connections).toBe(1);
    // The next cycle opens its own.
    await queue(confirmMail({ to: 'later@travel.example' }));
    expect(await mailer.runCycle()).toMatchObject({ sent: 1 });
    expect(sink.connections).toBe(2);
  });

  it('keeps the connection for the rest of the batch after a refused message', async () => {
    await queue(
      ...Array.from({ length: 3 }, (_, i) => confirmMail({ to: `refused${i}@travel.example` })),
    );
    sink.refuseNext(1);
    const mailer = worker({ retryBaseMs: 60_000, retryMaxMs: 60_000 });
    expect(await mailer.runCycle()).toMatchObject({ claimed: 3, sent: 2, failed: 1 });
    expect(sink.messages).toHaveLength(2);
    expect(sink.connections).toBe(1);
  });

  it('retries a refused message after its backoff', async () => {
    sink.refuseNext(1);
    await queue(confirmMail());
    const mailer = worker({ retryBaseMs: 60_000, retryMaxMs: 60_000 });
    expect(await mailer.runCycle()).toMatchObject({ claimed: 1, failed: 1 });
    const [failed] = await outboxRows(t.database.db);
    expect(failed!.lastError).toContain('Try again later');
    expect(await mailer.runCycle()).toMatchObject({ claimed: 0 });
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await mailer.drain()).toMatchObject({ sent: 1 });
    expect(sink.messages).toHaveLength(1);
    const [sent] = await outboxRows(t.database.db);
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
  });

  it('gives up after the configured attempts and leaves the mail visible', async () => {
    await sink.stop();
    await queue(confirmMail());
    const mailer = worker({ maxAttempts: 2, retryBaseMs: 1, retryMaxMs: 1 });
    await mailer.runCycle();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.runCycle();
    await sink.listen();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await mailer.drain()).toMatchObject({ claimed: 0 });
    const [row] = await outboxRows(t.database.db);
    expect(row).toMatchObject({ attempts: 2, sentAt: null });
    expect(row!.lastError).not.toBeNull();
    expect(sink.messages).toEqual([]);
  });

  it('never sends a mail twice when two workers race, and loses none', async () => {
    const count = 40;
    await queue(
      ...Array.from({ length: count }, (_, i) => confirmMail({ to: `race${i}@travel.example` })),
    );
    // On PostgreSQL the second worker has its own connection pool, as another server process would.
    let second: DatabaseHandle | undefined;
    if (t.database.url !== undefined) second = await openDatabase({ databaseUrl: t.database.url });
    try {
      const a = worker({ batchSize: 3 });
      const b = worker({ batchSize: 3, db: second?.db ?? t.database.db });
      const results = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(count);
    } finally {
      await second?.close();
    }
    expect(sink.messages).toHaveLength(count);
    expect(new Set(sink.messages.map((mail) => mail.messageId)).size).toBe(count);
    const rows = await outboxRows(t.database.db);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('a row another worker holds (its lease) is left alone until the lease runs out', async () => {
    await queue(confirmMail());
    await t.database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 });
    expect(await worker().drain()).toMatchObject({ claimed: 0 });
    await t.database.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await worker().drain()).toMatchObject({ sent: 1 });
    const [row] = await outboxRows(t.database.db);
    expect(row!.attempts).toBe(2);
  });

  it('when started, sends right after the request that queued mail, without waiting for the poll', async () => {
    const started = await createTestApp({
      database: t.database,
      config: { smtpUrl: sink.url, mail: { ...t.config.mail, pollMs: 600_000 } },
    });
    try {
      started.app.backgroundJobs.job('mailOutbox').start();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const agent = await createAgent(t.database.db);
      const response = await started.app.inject({
        method: 'POST',
        url: '/s2c/content/v1/pages/retrieve-password/',
        payload: { email: agent.email },
      });
      expect(response.statusCode).toBe(200);
      const mail = await sink.waitFor((m) => m.to.includes(agent.email), 5000);
      expect(mail.subject).toBe('Set a new password');
      // Marked sent right after the server accepted it.
      await expect
        .poll(async () => {
          const [row] = await t.database.db
            .select({ sentAt: mailOutbox.sentAt })
            .from(mailOutbox)
            .where(eq(mailOutbox.recipient, agent.email));
          return row?.sentAt ?? null;
        })
        .not.toBeNull();
    } finally {
      await started.close();
    }
  });
});

describe('with the background jobs of the server', () => {
  it('the worker starts when the app is ready, sends on its own, and stops when the app closes', async () => {
    const app = await buildApp({
      config: { ...t.config, smtpUrl: sink.url, mail: { ...t.config.mail, pollMs: 50 } },
      db: t.database.db,
      logger: false,
      backgroundJobs: true,
    });
    await app.ready();
    try {
      // Queued outside any request: only the poll finds it.
      await queue(confirmMail({ to: 'polled@travel.example' }));
      await sink.waitFor((m) => m.to.includes('polled@travel.example'), 5000);
    } finally {
      await app.close();
    }
    await queue(confirmMail({ to: 'after-close@travel.example' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.to('after-close@travel.example')).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  it('writes recipient, template and link to the log, sends nothing, and keeps the mail', async () => {
    const lines: string[] = [];
    const quiet = await createTestApp({
      database: t.database,
      config: { smtpUrl: undefined },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await queue(confirmMail({ to: 'nosmtp@travel.example' }));
      expect(quiet.app.mailWorker.isSending).toBe(false);
      await quiet.app.mailWorker.runCycle();
      await quiet.app.mailWorker.runCycle();
      const logged = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.template === 'confirm-email');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        to: 'nosmtp@travel.example',
        links: ['http://gr.localhost:3000/registration-email-confirm?token=abc'],
      });
      expect(sink.messages).toEqual([]);
      const [row] = await outboxRows(t.database.db);
      expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    } finally {
      await quiet.close();
    }
  });

  it('keeps links out of the log in production', async () => {
    const lines: string[] = [];
    const production = await createTestApp({
      database: t.database,
      config: { smtpUrl: undefined, production: true },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await queue(confirmMail({ to: 'prod@travel.example' }));
      await production.app.mailWorker.runCycle();
      const text = lines.join('');
      expect(text).toContain('prod@travel.example');
      expect(text).not.toContain('token=abc');
    } finally {
      await production.close();
    }
  });
});
