import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { embeddedSharedBuffers, hasDatabase } from './embedded-memory.js';
import { rowsOf } from './rows.js';

const folder = mkdtempSync(join(tmpdir(), 'club-embedded-memory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded database in a data folder', () => {
  it('creates the database of an empty folder apart, then opens it with the smaller buffer pool', async () => {
    const dataDir = join(folder, 'data');
    expect(hasDatabase(dataDir)).toBe(false);
    const first = await openDatabase({ dataDir });
    try {
      expect(hasDatabase(dataDir)).toBe(true);
      await first.db.execute(sql`create table kept (id int primary key)`);
      await first.db.execute(sql`insert into kept values (1)`);
      const rows = rowsOf(await first.db.execute(sql`show shared_buffers`));
      expect(rows).toEqual([{ shared_buffers: embeddedSharedBuffers }]);
    } finally {
      await first.close();
    }
    // A later start opens the same database: what was written is there.
    const again = await openDatabase({ dataDir });
    try {
      const rows = rowsOf(await again.db.execute(sql`select id from kept`));
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
