import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config.js';
import { auditEntries } from '../audit/schema.js';
import type { AuditActor } from '../audit/audit-log.js';
import { contentLoadCommand } from '../../staff-commands/content-load-cli.js';
import type { CommandJob } from '../../staff-commands/staff-command.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { fixtureContentDir, testConfig } from '../../testing/test-app.js';
import { LanguageFileSchema, CountryFileSchema } from '../content/content-files.js';
import { loadContent } from '../content/load-content.js';
import { contentStaffEdits } from '../content/schema.js';
import { exportContent } from './content-export.js';
import { importContent } from './content-import.js';
import { saveDictionaryWord, saveMenu } from './content-editor.js';
import { readStoredLanguage } from './stored-content.js';

/**
 * Where content lives once staff edit it: the import keeps their parts and
 * reports how the files differ, takes the files' version only when told, and
 * the export writes the database back in the files' format (round trip).
 */

const root = mkdtempSync(join(tmpdir(), 'club-content-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cli: AuditActor = { staffId: null, label: 'command-line (tester)' };
const staffEditor = (db: TestDatabase['db']) => ({
  db,
  actor: { staffId: null, label: 'manager.gr@example.com' },
  at: new Date('2030-05-01T10:00:00Z'),
});

/** A copy of the fixture content whose gr/eng file the test changes. */
function editedFixture(name: string, edit: (file: EditableFile) => void): string {
  const dir = join(root, name);
  cpSync(fixtureContentDir, dir, { recursive: true });
  const path = join(dir, 'countries/gr/eng.json');
  const file = JSON.parse(readFileSync(path, 'utf8')) as EditableFile;
  edit(file);
  writeFileSync(path, JSON.stringify(file));
  return dir;
}

/** The parts of a language file the tests change. */
type EditableFile = { menuItems: unknown[]; dictionary: Record<string, string> };

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

describe('the export on the demo content', () => {
  let database: TestDatabase;
  const demoContent = join(repositoryRoot, 'content');
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadContent(database.db, demoContent);
  });
  afterAll(() => database.dispose());

  it('writes every file as the content files hold it (after their defaults)', async () => {
    const out = join(root, 'demo-export');
    const summary = await exportContent(database.db, out);
    expect(summary.countries).toEqual(['ae', 'at', 'cy', 'gr']);
    for (const country of summary.countries) {
      const names = readdirSync(join(demoContent, 'countries', country)).sort();
      expect(readdirSync(join(out, 'countries', country)).sort()).toEqual(names);
      for (const name of names) {
        const schema = name === 'country.json' ? CountryFileSchema : LanguageFileSchema;
        const exported = readJson(join(out, 'countries', country, name));
        // The exported file is a valid content file, equal to the demo's as the loader reads it.
        expect(schema.parse(exported), `${country}/${name}`).toEqual(
          schema.parse(readJson(join(demoContent, 'countries', country, name))),
        );
        expect(schema.parse(exported)).toEqual(exported);
      }
    }
  });

  it('round trip: loading the export changes nothing, and exporting again writes the same files', async () => {
    const out = join(root, 'demo-export');
    const summary = await importContent(database.db, out, cli);
    expect(summary).toMatchObject({ changed: [], kept: [], taken: [] });
    const again = join(root, 'demo-export-again');
    const files = (await exportContent(database.db, again)).files;
    for (const file of files) {
      expect(readFileSync(join(again, file), 'utf8'), file).toBe(
        readFileSync(join(out, file), 'utf8'),
      );
    }
  });

  it('exports only the countries named; an unknown one is refused', async () => {
    const out = join(root, 'only-at');
    expect((await exportContent(database.db, out, ['at'])).files).toEqual([
      join('countries', 'at', 'country.json'),
      join('countries', 'at', 'deu.json'),
      join('countries', 'at', 'eng.json'),
    ]);
    await expect(exportContent(database.db, out, ['xx'])).rejects.toThrow(
      'No content for country "xx"',
    );
  });
});

describe('the import beside staff edits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await loadContent(database.db, fixtureContentDir);
  });
  afterAll(() => database.dispose());

  const staffMenu = [{ pageName: 'faq', title: 'Staff rules', audience: 'member' as const }];
  const changedFiles = () =>
    editedFixture('changed', (file) => {
      file.menuItems = [{ pageName: 'faq', title: 'File rules' }];
      file.dictionary['faq.title'] = 'Questions from the file';
    });

  it('keeps a part staff changed, reports how the file differs, and loads the rest', async () => {
    await saveMenu(staffEditor(database.db), { countryCode: 'gr', languageCode: 'eng' }, staffMenu);
    const summary = await importContent(
      database.db,
      changedFiles(),
      cli,
      [],
      new Date('2030-05-02T00:00:00Z'),
    );
    expect(summary.kept).toEqual([
      {
        path: 'gr/eng/menu',
        database: staffMenu,
        file: [{ pageName: 'faq', title: 'File rules', audience: 'both' }],
        changedBy: 'manager.gr@example.com',
        changedAt: new Date('2030-05-01T10:00:00Z'),
      },
    ]);
    expect(summary.changed).toEqual(['gr/eng/dictionary/faq.title']);
    const stored = await readStoredLanguage(database.db, 'gr', 'eng');
    expect(stored.menuItems).toEqual(staffMenu);
    expect(stored.dictionary['faq.title']).toBe('Questions from the file');
  });

  it('writes one audit entry that sums up the import', async () => {
    const entries = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'content.import'));
    expect(entries.at(-1)).toMatchObject({
      actor: 'command-line (tester)',
      targetType: 'content',
      target: 'ae,gr',
      after: {
        changedCount: 1,
        changed: ['gr/eng/dictionary/faq.title'],
        kept: ['gr/eng/menu'],
        taken: [],
      },
    });
  });

  it('takes the file’s version of a part when told, and forgets the staff change', async () => {
    const summary = await importContent(database.db, changedFiles(), cli, ['gr/eng/menu']);
    expect(summary).toMatchObject({ kept: [], taken: ['gr/eng/menu'], changed: ['gr/eng/menu'] });
    expect((await readStoredLanguage(database.db, 'gr', 'eng')).menuItems).toEqual([
      { pageName: 'faq', title: 'File rules', audience: 'both' },
    ]);
    expect(await database.db.select().from(contentStaffEdits)).toEqual([]);
    // The part is the files' again: a later file change loads.
    const later = await importContent(database.db, fixtureContentDir, cli);
    expect(later.changed).toContain('gr/eng/menu');
  });

  it('forgets a staff change once the files say the same', async () => {
    await saveDictionaryWord(
      staffEditor(database.db),
      { countryCode: 'gr', languageCode: 'ell' },
      'faq.title',
      'Ίδιο',
    );
    const same = editedFixture('same', () => {});
    const path = join(same, 'countries/gr/ell.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { dictionary: Record<string, string> };
    file.dictionary['faq.title'] = 'Ίδιο';
    writeFileSync(path, JSON.stringify(file));
    const summary = await importContent(database.db, same, cli);
    expect(summary).toMatchObject({ kept: [], taken: [], changed: [] });
    expect(await database.db.select().from(contentStaffEdits)).toEqual([]);
  });

  describe('npm run content:load', () => {
    const run = async (args: string[], contentDir: string) => {
      const lines: string[] = [];
      const errors: string[] = [];
      const output = {
        out: (line: string) => lines.push(line),
        error: (line: string) => errors.push(line),
      };
      const job: CommandJob | number = await contentLoadCommand.prepare(args, root, output);
      if (typeof job === 'number') return { code: job, lines, errors };
      const code = await job({
        db: database.db,
        config: testConfig({ contentDir }),
        output,
        now: () => Date.parse('2030-05-03T00:00:00Z'),
        actor: cli,
      });
      return { code, lines, errors };
    };

    it('prints what it kept: the part, who changed it when, the database’s and the file’s values', async () => {
      await saveMenu(
        staffEditor(database.db),
        { countryCode: 'gr', languageCode: 'eng' },
        staffMenu,
      );
      const ran = await run([], changedFiles());
      expect(ran.code).toBe(0);
      const text = ran.lines.join('\n');
      expect(text).toContain('Kept, changed by staff');
      expect(text).toContain(
        '  gr/eng/menu, changed by manager.gr@example.com at 2030-05-01T10:00:00.000Z',
      );
      expect(text).toContain(
        '    database: [{"pageName":"faq","title":"Staff rules","audience":"member"}]',
      );
      expect(text).toContain(
        '    file:     [{"pageName":"faq","title":"File rules","audience":"both"}]',
      );
      expect(text).toMatch(/Offices loaded: \d+/);
    });

    it('--take-file takes every file’s version', async () => {
      const ran = await run(['--take-file'], changedFiles());
      expect(ran.code).toBe(0);
      expect(ran.lines).toContain('Taken from the files over a staff change: gr/eng/menu');
      expect(ran.lines.join('\n')).not.toContain('Kept');
    });

    it('refuses arguments it does not know', async () => {
      for (const args of [['--take-file=Greece'], ['gr'], ['--take-file', '--take-file=gr']]) {
        expect((await run(args, fixtureContentDir)).code).toBe(2);
      }
    });
  });
});
