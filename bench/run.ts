/**
 * `npm run bench`: the figures of the platform issue, measured in one run and
 * quoted as ratios against baselines measured in the same run (the machines
 * are shared and noisy, so absolute numbers mean little).
 *
 * - GET layout and GET faq page req/s against a bare Fastify hello-world route
 *   and against a bare route sending the same bytes with the same headers;
 * - POST login req/s against raw argon2id verifies/s (bench/login.ts);
 * - initial JS (gzip) of the guest home against a React 19 hello-world bundle
 *   built by the same Vite and plugin; and the largest lazy route chunk.
 *
 * With BENCH_DATABASE_URL every part runs on a fresh PostgreSQL database of
 * that server (bench-database.ts); without it, on the embedded database.
 * Expects a built app (`npm run build`); `npm run bench` builds first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import {
  benchPort,
  chromiumPath,
  gzipBytes,
  median,
  quietChromiumFlags,
  ratio,
  startClub,
  startServer,
  stopServer,
} from './lib.ts';
import { measureLoadAndCpu, recordAnswer, writeAnswers, type LoadWithCpu } from './same-bytes.ts';
import { initialRatioBudget, lazyChunkBudget, measureBundle } from './bundle-size.ts';
import { loginFigures } from './login.ts';
import { statusReportFigures } from './status-report.ts';
import { importFigures } from './import.ts';
import { ordersFigures } from './orders.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { interactionFigures } from './interaction.ts';
import { guestFormFigures } from './guest-forms.ts';
import { staffConsoleFigures } from './staff-console.ts';
import { memoryFigures } from './memory.ts';
import { mailFigures } from './mail.ts';
import { withFreshBenchDatabase } from './bench-database.ts';

const root = resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** GET layout and GET faq page against the bare hello world (issue 19). */
const apiTarget = 0.85;

async function apiFigures(): Promise<void> {
  const basePort = benchPort(1);
  const clubPort = benchPort(2);
  const baseline = await startServer(
    [join(root, 'bench/baseline-server.mjs')],
    { PORT: String(basePort) },
    `http://127.0.0.1:${basePort}/`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-'));
  const layoutUrl = `http://127.0.0.1:${clubPort}/s2c/content/v1/layout/?countryCode=gr&languageCode=eng`;
  const pageUrl = `http://127.0.0.1:${clubPort}/s2c/content/v1/pages/faq/?countryCode=gr&languageCode=eng`;
  const club = await startClub(root, clubPort, dataDir, {
    // The production default writes one line per request (docs/operations.md#the-log).
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  let sameBytes: ChildProcess | undefined;
  const answersDir = mkdtempSync(join(tmpdir(), 'club-bench-answers-'));
  try {
    await guestHomeScripts(`http://127.0.0.1:${clubPort}/`);
    // The limit of a cached answer: a bare route sending the same bytes with the same headers.
    const answersFile = join(answersDir, 'answers.json');
    writeAnswers(answersFile, [await recordAnswer(layoutUrl), await recordAnswer(pageUrl)]);
    const sameBytesPort = benchPort(20);
    const sameBytesBase = `http://127.0.0.1:${sameBytesPort}`;
    sameBytes = await startServer(
      [join(root, 'bench/same-bytes-server.mjs')],
      { PORT: String(sameBytesPort), ANSWERS: answersFile },
      `${sameBytesBase}/`,
    );
    // The machine is shared: each round measures the baselines next to the
    // club, and the median of the rounds' ratios is the figure.
    const sameBytesUrl = (url: string) => {
      const { pathname, search } = new URL(url);
      return `${sameBytesBase}${pathname}${search}`;
    };
    const targets = {
      hello: { url: `http://127.0.0.1:${basePort}/`, pid: baseline.pid! },
      layout: { url: layoutUrl, pid: club.pid! },
      layoutBytes: { url: sameBytesUrl(layoutUrl), pid: sameBytes.pid! },
      page: { url: pageUrl, pid: club.pid! },
      pageBytes: { url: sameBytesUrl(pageUrl), pid: sameBytes.pid! },
    };
    type Key = keyof typeof targets;
    const rounds = Object.fromEntries(
      Object.keys(targets).map((key) => [key, [] as LoadWithCpu[]]),
    ) as Record<Key, LoadWithCpu[]>;
    for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round++) {
      for (const key of Object.keys(targets) as Key[]) {
        rounds[key].push(await measureLoadAndCpu(targets[key].url, seconds, targets[key].pid));
      }
    }
    const rates = (results: LoadWithCpu[]) =>
      results.map((r) => r.requestsPerSecond.toFixed(0)).join(', ');
    const cpu = (results: LoadWithCpu[]) => median(results.map((r) => r.cpuUsPerRequest));
    const list = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
    const ratiosTo = (results: LoadWithCpu[], baseline: LoadWithCpu[]) =>
      results.map((result, i) => result.requestsPerSecond / baseline[i]!.requestsPerSecond);
    console.log(
      `bare Fastify hello world: ${rates(rounds.hello)} req/s in ${rounds.hello.length} rounds, ${cpu(rounds.hello).toFixed(0)} µs CPU per answer`,
    );
    for (const [name, key, sameKey] of [
      ['GET layout', 'layout', 'layoutBytes'],
      ['GET faq page', 'page', 'pageBytes'],
    ] as const) {
      const results = rounds[key];
      const toHello = ratiosTo(results, rounds.hello);
      const toSame = ratiosTo(results, rounds[sameKey]);
      const sameToHello = ratiosTo(rounds[sameKey], rounds.hello);
      const figure = median(toHello);
      console.log(
        `  ${name}'s bytes and headers from a bare route: ${rates(rounds[sameKey])} req/s, ${cpu(rounds[sameKey]).toFixed(0)} µs CPU per answer -> median ratio ${median(sameToHello).toFixed(2)} to hello world (rounds ${list(sameToHello)}): the limit of a cached answer`,
      );
      console.log(
        `${name}: ${rates(results)} req/s, p99 ${Math.max(...results.map((r) => r.p99Ms))} ms, failures ${results.reduce((n, r) => n + r.failures, 0)}, ${cpu(results).toFixed(0)} µs CPU per answer -> median ratio ${figure.toFixed(2)} to hello world (rounds ${list(toHello)}; target >= ${apiTarget}: ${figure >= apiTarget ? 'within' : 'OVER'}), ${median(toSame).toFixed(2)} to the same bytes (rounds ${list(toSame)}); CPU per answer ${(cpu(rounds.hello) / cpu(results)).toFixed(2)} of hello world's, ${(cpu(rounds[sameKey]) / cpu(results)).toFixed(2)} of the same bytes'`,
      );
    }
  } finally {
    stopServer(baseline);
    stopServer(club);
    if (sameBytes !== undefined) stopServer(sameBytes);
    rmSync(answersDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bundleFigures(): Promise<void> {
  const { helloBytes, initialBytes, lazy, consoleLazy } = await measureBundle(root);
  const within = (held: boolean) => (held ? 'within' : 'OVER');
  console.log(`React 19 hello world: ${helloBytes} B initial JS (gzip)`);
  const initialRatio = initialBytes / helloBytes;
  console.log(
    `guest home initial JS: ${initialBytes} B (gzip) -> ratio ${ratio(initialBytes, helloBytes)} (target <= ${initialRatioBudget}): ${within(initialRatio <= initialRatioBudget)}`,
  );
  for (const [app, chunks] of [
    ['web app', lazy],
    ['staff console', consoleLazy],
  ] as const) {
    const largest = chunks[0];
    if (largest)
      console.log(
        `${app} largest lazy chunk: ${largest.file} ${largest.bytes} B (gzip) (target <= ${lazyChunkBudget} B): ${within(largest.bytes <= lazyChunkBudget)}; ${chunks.length} lazy chunks`,
      );
  }
}

/**
 * Every script the browser runs to show the guest home, the lazy chunks of
 * its first page included (the entry alone is what the target is set on).
 */
async function guestHomeScripts(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: quietChromiumFlags });
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.body().then((body) => gzipBytes(body)));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    console.log(`guest home, every script it runs: ${sizes.length} files, ${total} B (gzip)`);
  } finally {
    await browser.close();
  }
}

// `npm run bench -- api login` runs only the named parts.
const parts: Record<string, () => Promise<void>> = {
  bundle: bundleFigures,
  api: apiFigures,
  login: () => loginFigures(root, seconds),
  'status-report': () => statusReportFigures(root, seconds),
  import: () => importFigures(root),
  mail: mailFigures,
  orders: () => ordersFigures(root, seconds),
  lighthouse: () => lighthouseFigures(root),
  interaction: () => interactionFigures(root),
  'guest-forms': () => guestFormFigures(root),
  'staff-console': () => staffConsoleFigures(root, seconds),
  memory: () => memoryFigures(root),
};
const chosen = process.argv.slice(2);
if (process.env.BENCH_DATABASE_URL !== undefined)
  console.log('database: PostgreSQL (a fresh database per part)');
for (const [name, figures] of Object.entries(parts)) {
  if (chosen.length === 0 || chosen.includes(name)) await withFreshBenchDatabase(figures);
}
