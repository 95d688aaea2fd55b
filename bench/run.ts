/**
 * `npm run bench`: the figures of the platform issue, measured in one run and
 * quoted as ratios against baselines measured in the same run (the machines
 * are shared and noisy, so absolute numbers mean little).
 *
 * - GET layout and GET faq page req/s against a bare Fastify hello-world route;
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
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import {
  benchPort,
  gzipBytes,
  measureRounds,
  median,
  ratio,
  startServer,
  stopServer,
} from './lib.ts';
import { initialRatioBudget, lazyChunkBudget, measureBundle } from './bundle-size.ts';
import { loginFigures } from './login.ts';
import { statusReportFigures } from './status-report.ts';
import { importFigures } from './import.ts';
import { ordersFigures } from './orders.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { interactionFigures } from './interaction.ts';
import { guestFormFigures } from './guest-forms.ts';
import { staffConsoleFigures } from './staff-console.ts';
import { withFreshBenchDatabase } from './bench-database.ts';

const root = resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

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
  const club = await startServer(
    [join(root, 'apps/server/dist/server.js')],
    {
      PORT: String(clubPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The production default writes one line per request (docs/operations.md#the-log).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...(process.env.BENCH_DATABASE_URL === undefined
        ? {}
        : { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
    },
    layoutUrl,
  );
  try {
    await guestHomeScripts(`http://127.0.0.1:${clubPort}/`);
    // The machine is shared: each round measures the baseline next to the
    // club, and the median of the rounds' ratios is the figure.
    const hello = `http://127.0.0.1:${basePort}/`;
    const rounds = await measureRounds({ hello, layout: layoutUrl, page: pageUrl }, seconds);
    console.log(
      `bare Fastify hello world: ${rounds.hello.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s in ${rounds.hello.length} rounds`,
    );
    for (const [name, key, target] of [
      ['GET layout', 'layout', 0.6],
      ['GET faq page', 'page', 0.5],
    ] as const) {
      const results = rounds[key];
      const ratios = results.map(
        (result, i) => result.requestsPerSecond / rounds.hello[i]!.requestsPerSecond,
      );
      console.log(
        `${name}: ${results.map((r) => r.requestsPerSecond.toFixed(0)).join(', ')} req/s, p99 ${Math.max(...results.map((r) => r.p99Ms))} ms, failures ${results.reduce((n, r) => n + r.failures, 0)} -> median ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; target >= ${target})`,
      );
    }
  } finally {
    stopServer(baseline);
    stopServer(club);
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
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
  orders: () => ordersFigures(root, seconds),
  lighthouse: () => lighthouseFigures(root),
  interaction: () => interactionFigures(root),
  'guest-forms': () => guestFormFigures(root),
  'staff-console': () => staffConsoleFigures(root, seconds),
};
const chosen = process.argv.slice(2);
if (process.env.BENCH_DATABASE_URL !== undefined)
  console.log('database: PostgreSQL (a fresh database per part)');
for (const [name, figures] of Object.entries(parts)) {
  if (chosen.length === 0 || chosen.includes(name)) await withFreshBenchDatabase(figures);
}
