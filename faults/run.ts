/**
 * `npm run test:faults`: the fault suite of the proof issue. Starts its own
 * PostgreSQL 15, the built server as child processes, a real SMTP sink and a
 * fake voucher provider, breaks one thing per scenario, and checks what the
 * club promised still holds. Prints each scenario's figures and checks; exits
 * non-zero if any check fails. `npm run test:faults -- mail provider` runs
 * only the named scenarios (crash, mail, database, provider).
 *
 * Expects a built server (`npm run build`); `npm run test:faults` builds first.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killServers, root } from './club.ts';
import { crashScenario } from './crash.ts';
import { databaseScenario } from './database.ts';
import { mailScenario } from './mail.ts';
import { Postgres } from './postgres.ts';
import { providerScenario } from './provider.ts';
import { check, checkTotals, onExit } from './support.ts';

const env = process.env;
const number = (name: string, fallback: number) => Number(env[name] ?? fallback);
const pgPort = number('FAULTS_PG_PORT', 55440);
const basePort = number('FAULTS_PORT', 3461);

const scenarios: Record<string, { title: string; run: (context: Context) => Promise<void> }> = {
  crash: {
    title: '1. kill -9 of the server during concurrent gift orders',
    run: ({ postgres, logDir }) =>
      crashScenario(postgres, basePort, logDir, {
        rounds: number('FAULTS_CRASH_ROUNDS', 5),
        lanes: number('FAULTS_CRASH_CLIENTS', 16),
        members: 40,
        stock: 600,
      }),
  },
  mail: {
    title: '2. SMTP down during registrations and password resets',
    run: ({ postgres, logDir }) =>
      mailScenario(postgres, basePort + 1, logDir, {
        members: number('FAULTS_MAIL_MEMBERS', 500),
        lanes: 8,
        servers: number('FAULTS_MAIL_SERVERS', 2),
      }),
  },
  database: {
    title: '3. PostgreSQL restarted and hanging under load',
    run: ({ postgres, logDir }) => databaseScenario(postgres, basePort + 2, logDir),
  },
  provider: {
    title: '4. voucher provider slow, then failing, then back',
    run: ({ postgres, logDir }) => providerScenario(postgres, basePort + 3, logDir),
  },
};

type Context = { postgres: Postgres; logDir: string };

async function main(): Promise<void> {
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !(name in scenarios));
  if (unknown.length > 0) {
    console.error(
      `unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`,
    );
    process.exit(2);
  }
  if (!existsSync(join(root, 'apps/server/dist/server.js'))) {
    console.error('apps/server/dist/server.js is missing: run `npm run build` first');
    process.exit(2);
  }
  const logDir = mkdtempSync(join(tmpdir(), 'club-faults-'));
  const keepLogs = env.FAULTS_KEEP_LOGS === '1';
  onExit('log folder', () => {
    if (keepLogs || checkTotals().failed > 0) console.log(`server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  });

  const started = Date.now();
  const postgres = await Postgres.create(pgPort);
  console.log(`PostgreSQL 15 on 127.0.0.1:${pgPort} in ${postgres.dir} (fsync=off)`);
  for (const [name, scenario] of Object.entries(scenarios)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    console.log(`\n${scenario.title}`);
    const scenarioStarted = Date.now();
    try {
      await scenario.run({ postgres, logDir });
    } catch (error) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      check(`${name} scenario ran to its end`, false, detail);
    } finally {
      await killServers();
      await postgres.ensureRunning();
    }
    console.log(`    (${((Date.now() - scenarioStarted) / 1000).toFixed(1)} s)`);
  }
  const totals = checkTotals();
  console.log(
    `\n${totals.failed === 0 ? 'PASS' : 'FAIL'}: ${totals.passed} checks passed, ${totals.failed} failed, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(totals.failed === 0 ? 0 : 1);
}

await main();
