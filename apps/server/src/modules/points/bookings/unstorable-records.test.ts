import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../testing/factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { importFile } from './import-cli.js';
import type { ImportSummary } from './import-summary.js';
import {
  bookingOf,
  bookingRecord,
  jsonLines,
  ledgerProblems,
  postQueue,
  queueConfig,
} from '../../../testing/booking-records.js';

/**
 * Records the database cannot store (a date PostgreSQL refuses, a NUL or a
 * lone surrogate, an oversize id) are rejected lines with their reason,
 * through the queue call and the file import alike; their neighbours in the
 * same batch are stored, and sending the same lines again works.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ config: queueConfig(), now: () => Date.parse('2026-11-10T12:00:00Z') });
  dir = mkdtempSync(join(tmpdir(), 'club-unstorable-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const DATE_RANGE = 'must be a date from 1900-01-01 to 2199-12-31';
const DATE_FORMAT = 'must be a date YYYY-MM-DD';
const NOT_STORABLE = 'must not hold NUL or unpaired surrogate characters';

/** Good records around bad ones, every bad one with the reason its line must get. */
function queue(prefix: string, member: string) {
  const good = (n: number) => bookingRecord({ pnr: `${prefix}G${n}`, member });
  const bad = (n: number, segment: Parameters<typeof bookingRecord>[0]['segments']) =>
    bookingRecord({ pnr: `${prefix}B${n}`, member, segments: segment });
  const lines: { record: unknown; reason?: string }[] = [
    { record: good(1) },
    {
      record: bad(1, [{ serviceDate: '0000-01-01' }]),
      reason: `segments.0.serviceDate: ${DATE_RANGE}`,
    },
    { record: good(2) },
    {
      record: { ...bookingRecord({ pnr: `${prefix}B2`, member }), createdOn: '0000-06-15' },
      reason: `createdOn: ${DATE_RANGE}`,
    },
    {
      record: bad(3, [{ serviceDate: '2026-12-01', endDate: '9999-12-31' }]),
      reason: `segments.0.endDate: ${DATE_RANGE}`,
    },
    {
      record: bad(4, [{ serviceDate: '2026-02-30' }]),
      reason: `segments.0.serviceDate: ${DATE_FORMAT}`,
    },
    {
      record: bad(5, [{ serviceDate: '1899-12-31' }]),
      reason: `segments.0.serviceDate: ${DATE_RANGE}`,
    },
    { record: bad(6, [{ id: 'A\u0000B' }]), reason: `segments.0.id: ${NOT_STORABLE}` },
    { record: bad(7, [{ id: 'seg\uD800' }]), reason: `segments.0.id: ${NOT_STORABLE}` },
    { record: bad(8, [{ id: '\uDC00' }]), reason: `segments.0.id: ${NOT_STORABLE}` },
    {
      record: bad(9, [{ id: 'x'.repeat(41) }]),
      reason: 'segments.0.id: must be a string of 1 to 40 characters',
    },
    // 20 characters outside the BMP: 40 UTF-16 units, which the database holds.
    { record: bad(10, [{ id: '😀'.repeat(20) }]) },
    { record: bad(11, [{ serviceDate: '2199-12-31' }]) },
    { record: good(3) },
  ];
  return {
    body: jsonLines(lines.map((line) => line.record)),
    rejected: lines.flatMap((line, index) =>
      line.reason === undefined ? [] : [{ line: index + 1, message: line.reason }],
    ),
    stored: [`${prefix}G1`, `${prefix}G2`, `${prefix}G3`, `${prefix}B10`, `${prefix}B11`],
    lines: lines.length,
  };
}

async function expectStored(pnrs: string[], notStored: string[]) {
  for (const pnr of pnrs) expect((await bookingOf(t.database.db, pnr)).state, pnr).toBe('accepted');
  for (const pnr of notStored) await expect(bookingOf(t.database.db, pnr), pnr).rejects.toThrow();
  expect(await ledgerProblems(t.database.db)).toEqual([]);
}

describe('records the database cannot store', () => {
  it('are rejected lines with their reason in the queue call; their neighbours are stored', async () => {
    const agent = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const sent = queue('QUE', agent.number);
    const response = await postQueue(t.app, sent.body);
    expect(response.statusCode).toBe(200);
    const summary = response.json<{ data: ImportSummary }>().data;
    expect(summary).toMatchObject({
      lines: sent.lines,
      accepted: sent.stored.length,
      malformedCount: sent.rejected.length,
    });
    expect(summary.malformed).toEqual(sent.rejected);
    await expectStored(sent.stored, ['QUEB1', 'QUEB2', 'QUEB6', 'QUEB7']);
    const [segment] = (await bookingOf(t.database.db, 'QUEB10')).segments;
    expect(segment?.segmentId).toBe('😀'.repeat(20));

    // Sending the same lines again: the same rejections, the rest unchanged.
    const again = await postQueue(t.app, sent.body);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: ImportSummary }>().data).toMatchObject({
      unchanged: sent.stored.length,
      malformed: sent.rejected,
    });
  });

  it('are rejected lines with their reason in the file import; their neighbours are stored', async () => {
    const agent = await createAgent(t.database.db, { officeId: 'ATHGR0001' });
    const sent = queue('FIL', agent.number);
    const path = join(dir, 'queue.jsonl');
    writeFileSync(path, sent.body);
    const out: string[] = [];
    const errors: string[] = [];
    const code = await importFile(
      t.database.db,
      path,
      { today: '2026-11-10' },
      { out: (line) => out.push(line), error: (line) => errors.push(line) },
    );
    expect(errors.filter((line) => !line.startsWith('…'))).toEqual([]);
    expect(code).toBe(0);
    expect(out).toContain(`Accepted: ${sent.stored.length}`);
    expect(out).toContain(`Malformed lines: ${sent.rejected.length}`);
    for (const { line, message } of sent.rejected) {
      expect(out).toContain(`  line ${line}: ${message}`);
    }
    await expectStored(sent.stored, ['FILB1', 'FILB2', 'FILB6', 'FILB7']);
  });

  it('a record the parser lets through but the database refuses: its line is rejected with the reason, its batch stored', async () => {
    const db = t.database.db;
    const agent = await createAgent(db, { officeId: 'ATHGR0001' });
    // Stands for any refusal the record rules do not foresee (SQLSTATE 23514).
    await db.execute(
      sql.raw(
        "alter table booking_segments add constraint test_refuses_boom check (segment_id <> 'BOOM')",
      ),
    );
    try {
      const body = jsonLines([
        bookingRecord({ pnr: 'REFG1', member: agent.number }),
        bookingRecord({ pnr: 'REFB1', member: agent.number, segments: [{ id: 'BOOM' }] }),
        'not json',
        bookingRecord({ pnr: 'REFG2', member: agent.number }),
      ]);
      const response = await postQueue(t.app, body);
      expect(response.statusCode).toBe(200);
      const summary = response.json<{ data: ImportSummary }>().data;
      expect(summary).toMatchObject({ lines: 4, accepted: 2, malformedCount: 2 });
      expect(summary.malformed.map((line) => line.line).sort()).toEqual([2, 3]);
      expect(summary.malformed.find((line) => line.line === 2)?.message).toMatch(
        /^the database cannot store it \(SQLSTATE 23514\): .*test_refuses_boom/,
      );
      await expectStored(['REFG1', 'REFG2'], ['REFB1']);
    } finally {
      await db.execute(sql.raw('alter table booking_segments drop constraint test_refuses_boom'));
    }
  });
});
