import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { MAX_LINE_BYTES } from './booking-record.js';
import { importFile, main, type CommandOutput } from './import-cli.js';
import { streamLines } from './queue-lines.js';
import {
  balanceOf,
  bookingOf,
  bookingRecord,
  jsonLines,
  ledgerProblems,
} from '../../../testing/booking-records.js';

/** `npm run bookings:import -- FILE`: the command's function on temp files. */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'club-bookings-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function capture(): CommandOutput & { outLines: string[]; errorLines: string[] } {
  const outLines: string[] = [];
  const errorLines: string[] = [];
  return {
    outLines,
    errorLines,
    out: (line) => outLines.push(line),
    error: (line) => errorLines.push(line),
  };
}

function writeQueue(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const options = () => ({ today: '2026-11-10' });

describe('the import command', () => {
  it('imports a file, shows progress per batch and prints the summary', async () => {
    const agent = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const path = writeQueue(
      'queue.jsonl',
      jsonLines([
        bookingRecord({ pnr: 'CLI001', member: agent.number, segments: [{ used: true }] }),
        'not json',
        bookingRecord({ pnr: 'CLI002', member: agent.number }),
        bookingRecord({ pnr: 'CLI003', remarks: [`RM*AMA${agent.number}`] }),
      ]),
    );
    const output = capture();
    expect(await importFile(t.database.db, path, { ...options(), batchSize: 1 }, output)).toBe(0);
    expect(output.errorLines).toEqual(['… 2 lines done', '… 3 lines done', '… 4 lines done']);
    expect(output.outLines).toEqual([
      'Lines read: 4',
      'Accepted: 2',
      'Updated (PNRs stored before): 0',
      'Unchanged: 0',
      'Rejected: 1',
      '  remark-without-space: 1',
      'Malformed lines: 1',
      '  line 2: not valid JSON',
      'Segments: 3',
    ]);
    expect(await balanceOf(t.database.db, agent.id)).toMatchObject({
      available: 5,
      segmentsOk: 1,
      segmentsPd: 1,
    });

    const again = capture();
    expect(await importFile(t.database.db, path, options(), again)).toBe(0);
    expect(again.outLines).toContain('Unchanged: 3');
    expect(again.outLines).toContain('Accepted: 0');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('exits 1 on a file it cannot read', async () => {
    const output = capture();
    expect(await importFile(t.database.db, join(dir, 'missing.jsonl'), options(), output)).toBe(1);
    expect(output.errorLines[0]).toMatch(/^Import stopped after line 0: .*ENOENT/);
  });

  it('checks its argument before opening any database', async () => {
    for (const [args, message] of [
      [[], /^Usage: npm run bookings:import -- FILE/],
      [['a', 'b'], /^Usage/],
      [[join(dir, 'missing.jsonl')], /^Cannot read .*missing\.jsonl: ENOENT/],
      [[dir], /^Not a file/],
    ] as const) {
      const output = capture();
      expect(await main(args, {}, output)).toBe(1);
      expect(output.errorLines[0]).toMatch(message);
    }
  });

  it('runs end to end: configuration, database, migrations, import', async () => {
    const path = writeQueue('main.jsonl', jsonLines([bookingRecord({ pnr: 'MAIN01' })]));
    const env =
      t.database.url === undefined
        ? { DATA_DIR: join(dir, 'data') }
        : { DATABASE_URL: t.database.url };
    const output = capture();
    expect(await main([path], env, output, () => Date.parse('2026-11-10T12:00:00Z'))).toBe(0);
    expect(output.outLines).toContain('  no-remark: 1');
    if (t.database.url !== undefined) {
      expect((await bookingOf(t.database.db, 'MAIN01')).reason).toBe('no-remark');
    }
  });

  it('reports a configuration error with exit code 1', async () => {
    const path = writeQueue('config.jsonl', '');
    const output = capture();
    expect(await main([path], { PORT: 'none' }, output)).toBe(1);
    expect(output.errorLines[0]).toMatch(/^Invalid configuration: PORT/);
  });
});

describe('reading lines from a stream', () => {
  async function collect(chunks: (string | Buffer)[], maxBytes?: number): Promise<string[]> {
    const lines: string[] = [];
    for await (const line of streamLines(Readable.from(chunks), maxBytes)) lines.push(line);
    return lines;
  }

  it('splits on newlines across chunks, drops CR before LF, and keeps a last line without LF', async () => {
    const euro = Buffer.from('€');
    expect(
      await collect(['a\r', '\nb', 'c\n\n', euro.subarray(0, 1), euro.subarray(1), '\nlast']),
    ).toEqual(['a', 'bc', '', '€', 'last']);
  });

  it('cuts an overlong line just past the limit, so that it is still too long', async () => {
    const lines = await collect(['x'.repeat(25), 'y'.repeat(25), '\nok\n'], 10);
    expect(lines.map((line) => line.length)).toEqual([12, 2]);
    const [long] = await collect(['x'.repeat(MAX_LINE_BYTES * 2), '\n']);
    expect(Buffer.byteLength(long!)).toBeGreaterThan(MAX_LINE_BYTES);
    expect(long!.length).toBeLessThan(MAX_LINE_BYTES + 3);
  });
});
