/**
 * `npm run test:openapi`: the OpenAPI checks of `npm test`. Starts the built
 * server on its own port (`OPENAPI_CHECK_PORT`, default 3140) with a fresh
 * embedded database and its demo data, then checks its document
 * (`/s2c/openapi.json`) three ways, failing on the first that fails:
 *
 * 1. every operation has security and an example request and answer, and
 *    every example is of an operation and parameters the document has
 *    (the problems are listed by operation);
 * 2. Redocly CLI's recommended rules (redocly.yaml);
 * 3. every operation's example is replayed against the server and its answer
 *    checked against the document by the validator of the server suite
 *    (replay.ts, apps/server/src/testing/openapi-conformance.ts); an example
 *    that cannot be replayed fails the check.
 *
 * The staff's order retry acts on an order waiting after a failed call to an
 * HTTP voucher provider, while the other order examples fulfil and refund the
 * manual provider's orders: a second server, configured with a provider whose
 * placements fail (failing-voucher-provider.ts), starts beside the first and
 * answers that one example.
 *
 * Builds nothing: run `npm run build` first (`npm test` does).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  missingExamples,
  staleExamples,
  type OpenApiDocument,
} from '../apps/server/src/plugins/openapi-document.ts';
import { operationExamples } from '../apps/server/src/plugins/openapi-examples.ts';
import { startFailingVoucherProvider } from './failing-voucher-provider.ts';
import { Replay } from './replay.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const port = Number(process.env.OPENAPI_CHECK_PORT ?? 3140);
// The mail sink of the end-to-end suite, on ports of its own: the agency
// examples follow the opt-in link the club mails.
const smtpPort = Number(process.env.OPENAPI_CHECK_SMTP_PORT ?? 2540);
const mailPort = Number(process.env.OPENAPI_CHECK_MAIL_PORT ?? 3240);
for (const [name, value] of [
  ['OPENAPI_CHECK_PORT', port],
  ['OPENAPI_CHECK_SMTP_PORT', smtpPort],
  ['OPENAPI_CHECK_MAIL_PORT', mailPort],
] as const) {
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    console.error(`${name} must be a port number, not ${process.env[name]}`);
    process.exit(2);
  }
}
const endpoint = `http://127.0.0.1:${port}`;
/** The booking queue's key for this run only; the replay sends it. */
const bookingQueueKey = 'openapi-check-booking-queue-key';
const serverScript = join(root, 'apps/server/dist/server.js');

const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function waitForMailSink(sink: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (sink.exitCode !== null) throw new Error(`the mail sink stopped (exit ${sink.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${mailPort}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the mail sink did not start within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends a child process and waits for it, unless it has ended already. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A port no process listens on now, for the retry example's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

async function waitForDocument(
  server: ChildProcess,
  origin: string = endpoint,
): Promise<OpenApiDocument> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const response = await fetch(`${origin}/s2c/openapi.json`);
      if (response.ok) return (await response.json()) as OpenApiDocument;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`the server did not answer on ${origin} within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const since = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const passed = result.status === 0;
  console.log(`openapi: ${title} ${passed ? 'passed' : 'FAILED'} (${seconds(since)})`);
  return passed;
}

async function main(): Promise<number> {
  if (!existsSync(serverScript)) {
    console.error('openapi: no built server; run `npm run build` first');
    return 2;
  }
  const work = mkdtempSync(join(tmpdir(), 'club-openapi-'));
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    PRODUCTION: 'false',
    BOOKING_QUEUE_API_KEY: bookingQueueKey,
    // Greece is a partner-programme country (spec 2 §6): the partner-user check answers this URL.
    PARTNER_PROGRAMME_URL: 'https://partner.example/club',
    // The partner check's example: ordering through the (manual) provider is on.
    VOUCHER_PROVIDER: 'manual',
    ORDER_PARTNER_OFF: 'false',
    CONTENT_DIR: join(root, 'content'),
    // The staff's "resend the confirmation mail" example follows the registration example within seconds.
    MAIL_RESEND_QUIET_SECONDS: '1',
  };
  // A fresh embedded database, whatever the caller's environment says.
  delete serverEnv.DATABASE_URL;
  const sink = spawn(process.execPath, [join(root, 'e2e/support/mail-sink.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MAIL_SINK_SMTP_PORT: String(smtpPort),
      MAIL_SINK_HTTP_PORT: String(mailPort),
    },
  });
  const server = spawn(process.execPath, [serverScript], {
    cwd: root,
    stdio: 'inherit',
    env: { ...serverEnv, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
  });
  const provider = await startFailingVoucherProvider();
  const retryPort = await freePort();
  const retryEndpoint = `http://127.0.0.1:${retryPort}`;
  const retryServer = spawn(process.execPath, [serverScript], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...serverEnv,
      PORT: String(retryPort),
      DATA_DIR: join(work, 'retry-data'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VOUCHER_PROVIDER: 'http',
      VOUCHER_PROVIDER_URL: provider.url,
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    retryServer.kill('SIGTERM');
    sink.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await waitForMailSink(sink);
    const [document] = await Promise.all([
      waitForDocument(server),
      waitForDocument(retryServer, retryEndpoint),
    ]);
    console.log(
      `openapi: servers ready on ${endpoint} and ${retryEndpoint} (retry example) (${seconds(started)})`,
    );
    const file = join(work, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));

    const problems = [...missingExamples(document), ...staleExamples(document, operationExamples)];
    if (problems.length > 0) {
      console.error(
        `openapi: ${problems.length} operation problem(s); add the examples to apps/server/src/plugins/openapi-examples.ts:`,
      );
      for (const problem of problems) console.error(`  ${problem}`);
      return 1;
    }
    console.log('openapi: every operation has security and examples');

    const linted = run(
      'Redocly lint',
      bin('redocly'),
      ['lint', file, '--config', join(root, 'redocly.yaml'), '--format=stylish'],
      { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    );
    if (!linted) return 1;

    const since = Date.now();
    const failures = await new Replay({
      document,
      endpoint,
      retryEndpoint,
      bookingQueueKey,
      mailSinkUrl: `http://127.0.0.1:${mailPort}/messages`,
    }).run();
    for (const failure of failures) console.error(`  ${failure}`);
    console.log(
      `openapi: example replay ${failures.length === 0 ? 'passed' : `FAILED (${failures.length})`} (${seconds(since)})`,
    );
    return failures.length === 0 ? 0 : 1;
  } finally {
    await Promise.all([stopProcess(server), stopProcess(retryServer), stopProcess(sink)]);
    await provider.stop();
    rmSync(work, { recursive: true, force: true });
    console.log(`openapi: done in ${seconds(started)}`);
  }
}

process.exitCode = await main();
