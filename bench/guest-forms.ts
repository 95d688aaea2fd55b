/**
 * The guest forms that take an email (retrieve-password, reconfirm, restore)
 * must not tell members from strangers by their answer time: the median and
 * p90 latency of retrieve-password for a member's address against an unknown
 * address, interleaved, on the built server with its default
 * GUEST_FORM_ANSWER_MS, on the database the run measures. Target: within 5%.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, benchPort, startClub, stopServer } from './lib.ts';

const port = benchPort(7);
const rounds = 40;

async function answerMs(base: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/s2c/content/v1/pages/retrieve-password/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ countryCode: 'gr', languageCode: 'eng', email }).toString(),
  });
  await response.text();
  if (!response.ok) throw new Error(`retrieve-password answered ${response.status}`);
  return performance.now() - started;
}

const p90 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

export async function guestFormFigures(root: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-guest-forms-'));
  const base = `http://127.0.0.1:${port}`;
  // On PostgreSQL too when BENCH_DATABASE_URL is set, as every part.
  const server = await startClub(root, port, dataDir, { logLevel: 'error' });
  try {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // The demo member of gr, and an address nobody has.
      known.push(await answerMs(base, 'eleni@demo.example'));
      unknown.push(await answerMs(base, `nobody-${round}@travel.example`));
    }
    const ratio = median(known) / median(unknown);
    console.log(
      `retrieve-password, member vs unknown address (${rounds} each, interleaved): median ${median(known).toFixed(1)} vs ${median(unknown).toFixed(1)} ms, p90 ${p90(known).toFixed(1)} vs ${p90(unknown).toFixed(1)} ms -> ratio ${ratio.toFixed(3)} (target within 5%)`,
    );
  } finally {
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
