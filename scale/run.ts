/**
 * `npm run test:scale`: the scale-out proof. Several stateless club server
 * processes on one PostgreSQL behind a load balancer keep every promise one
 * process keeps, and serve more. The same mixed traffic runs twice, each time
 * on a fresh database: once against one server process, once against three,
 * both behind the suite's round-robin proxy, with every background job
 * running in every process. After each phase the invariants are checked
 * (checks.ts); at the end a table gives each call's throughput and p99 for
 * one and three processes and the ratio. Exits non-zero if a check fails.
 *
 * Expects a built server (`npm run build`); `npm run test:scale` builds first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killServers, root } from '../faults/club.ts';
import { check, checkTotals, onExit, percentile } from '../faults/support.ts';
import { openCluster } from './cluster.ts';
import { runPhase, type PhaseResult } from './phase.ts';
import { checkProxy } from './proxy-check.ts';
import { calls } from './traffic.ts';

const env = process.env;

/** A whole number setting of at least `min`; anything else stops the run naming the variable. */
function setting(name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

const settings = {
  seconds: setting('SCALE_SECONDS', 20),
  warmUpSeconds: setting('SCALE_WARMUP_SECONDS', 2, 0),
  clients: setting('SCALE_CLIENTS', 24),
  members: setting('SCALE_MEMBERS', 60),
  processes: setting('SCALE_PROCESSES', 3, 2),
  pgPort: setting('SCALE_PG_PORT', 55450),
  port: setting('SCALE_PORT', 3481),
};

type Figures = { perSecond: number; p99: number; count: number };

function figuresOf(phase: PhaseResult, call?: string): Figures {
  const samples = phase.traffic.samples.filter(
    (sample) => call === undefined || sample.call === call,
  );
  return {
    perSecond: samples.length / phase.traffic.seconds,
    p99: percentile(
      samples.map((sample) => sample.ms),
      99,
    ),
    count: samples.length,
  };
}

function printTable(one: PhaseResult, many: PhaseResult): void {
  const header = [
    'call',
    '1 process req/s',
    'p99 ms',
    `${many.processes} processes req/s`,
    'p99 ms',
    'ratio',
  ];
  const rows = [...calls, undefined].map((call) => {
    const a = figuresOf(one, call);
    const b = figuresOf(many, call);
    return [
      call ?? 'all calls',
      a.perSecond.toFixed(1),
      a.p99.toFixed(0),
      b.perSecond.toFixed(1),
      b.p99.toFixed(0),
      a.perSecond === 0 ? '-' : (b.perSecond / a.perSecond).toFixed(2),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  const left = (phase: PhaseResult) =>
    `${phase.backlog.orders} orders and ${phase.backlog.mails} mails left when the load stopped, done ${phase.drainSeconds.toFixed(1)} s later`;
  console.log(
    `\nbackground work: 1 process ${left(one)}; ${many.processes} processes ${left(many)}`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/server/dist/server.js'))) {
    console.error('apps/server/dist/server.js is missing: run `npm run build` first');
    process.exit(2);
  }
  const logDir = mkdtempSync(join(tmpdir(), 'club-scale-'));
  onExit('log folder', () => {
    if (env.SCALE_KEEP_LOGS === '1' || checkTotals().failed > 0)
      console.log(`server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  });
  const started = Date.now();
  const cluster = await openCluster(env.SCALE_DATABASE_URL, settings.pgPort);
  const run = Date.now().toString(36);
  console.log(
    `scale suite on ${cluster.description}; ${cpus().length} CPU cores shared by the servers, PostgreSQL and this load; ${settings.clients} clients, ${settings.warmUpSeconds} s warm-up and ${settings.seconds} s measured per phase`,
  );
  await checkProxy(settings.port - 1);
  const phases: PhaseResult[] = [];
  try {
    for (const processes of [1, settings.processes]) {
      console.log(
        `\n${processes} server process${processes === 1 ? '' : 'es'} behind the round-robin proxy`,
      );
      const phaseStarted = Date.now();
      try {
        const phase = await runPhase(processes, {
          cluster,
          run,
          basePort: settings.port,
          proxyPort: settings.port - 1,
          logDir,
          seconds: settings.seconds,
          warmUpSeconds: settings.warmUpSeconds,
          clients: settings.clients,
          members: settings.members,
          countedStock: 500,
        });
        phases.push(phase);
        const all = figuresOf(phase);
        console.log(
          `    ${all.count} calls in ${phase.traffic.seconds.toFixed(1)} s: ${all.perSecond.toFixed(1)} req/s, p99 ${all.p99.toFixed(0)} ms; ${phase.traffic.placed.length} orders placed, ${phase.traffic.registered.length} registrations (${((Date.now() - phaseStarted) / 1000).toFixed(0)} s in all)`,
        );
      } catch (error) {
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        check(`the ${processes}-process phase ran to its end`, false, detail);
      } finally {
        await killServers();
      }
    }
  } finally {
    await cluster.dropDatabases();
  }
  if (phases.length === 2) printTable(phases[0]!, phases[1]!);
  const totals = checkTotals();
  console.log(
    `\n${totals.failed === 0 ? 'PASS' : 'FAIL'}: ${totals.passed} checks passed, ${totals.failed} failed, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(totals.failed === 0 ? 0 : 1);
}

await main();
