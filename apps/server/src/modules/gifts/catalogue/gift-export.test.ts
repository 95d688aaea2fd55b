import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../config.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { exportContent } from '../../content-editing/content-export.js';
import { loadContent } from '../../content/load-content.js';
import { GiftsFileSchema } from './gift-files.js';
import { loadGifts } from './load-gifts.js';

/** `content:export` writes the gift catalogues back as the demo's own files hold them. */

const demoContent = join(repositoryRoot, 'content');
const out = mkdtempSync(join(tmpdir(), 'club-gift-export-'));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, demoContent);
  await loadGifts(database.db, demoContent);
});
afterAll(async () => {
  await database.dispose();
  rmSync(out, { recursive: true, force: true });
});

const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

describe('the export of the demo gift catalogues', () => {
  it('writes every country’s gift file, equal to the demo’s as the loader reads it', async () => {
    const summary = await exportContent(database.db, out);
    const names = readdirSync(join(demoContent, 'gifts')).sort();
    expect(readdirSync(join(out, 'gifts')).sort()).toEqual(names);
    expect(summary.files).toEqual(expect.arrayContaining(names.map((name) => join('gifts', name))));
    for (const name of names) {
      const exported = GiftsFileSchema.parse(read(join(out, 'gifts', name)));
      expect(exported, name).toEqual(GiftsFileSchema.parse(read(join(demoContent, 'gifts', name))));
    }
  });

  it('loading the export changes nothing: exporting again writes the same files', async () => {
    const summary = await loadGifts(database.db, out);
    expect(summary.kept).toEqual([]);
    const again = mkdtempSync(join(tmpdir(), 'club-gift-export-again-'));
    try {
      await exportContent(database.db, again);
      for (const name of readdirSync(join(out, 'gifts'))) {
        expect(readFileSync(join(again, 'gifts', name), 'utf8'), name).toBe(
          readFileSync(join(out, 'gifts', name), 'utf8'),
        );
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
