import type { CommandOutput, StaffCommand } from './staff-command.js';
import { recordDirectoryStateChanges } from '../modules/agencies/office-state-history.js';
import { loadGifts } from '../modules/gifts/catalogue/load-gifts.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { markMembersOfDirectOffices } from '../modules/agents/direct-access.js';
import {
  importContent,
  type ContentImportSummary,
  type TakeFile,
} from '../modules/content-editing/content-import.js';
import { ContentFileError } from '../modules/content/read-content-folder.js';

const usage =
  'Usage: npm run content:load -- [--take-file | --take-file=COUNTRY[/LANGUAGE[/PART]] …]';

/**
 * `--take-file` (every part) or `--take-file=gr/ell/menu` (that part and what
 * is under it), any number; `--take-file=gr/terms-version` takes the
 * country's terms version.
 */
function parseTakeFile(args: readonly string[]): TakeFile | undefined {
  const paths: string[] = [];
  for (const arg of args) {
    if (arg === '--take-file') return args.length === 1 ? 'all' : undefined;
    const match =
      /^--take-file=([a-z]{2}(?:\/terms-version|\/[a-z]{3}(?:\/[A-Za-z0-9._/-]+)?)?)$/.exec(arg);
    if (match === null) return undefined;
    paths.push(match[1]!);
  }
  return paths;
}

/** A value as one line, cut to a readable length. */
const shown = (value: unknown) => {
  const text = value === null ? '(none)' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

function report(summary: ContentImportSummary, output: CommandOutput): void {
  output.out(
    `Content loaded: ${summary.countries.join(', ')} (content version ${summary.version})`,
  );
  output.out(
    summary.changed.length === 0
      ? 'Changed from the files: nothing'
      : `Changed from the files: ${summary.changed.length} parts (${summary.changed.slice(0, 10).join(', ')}${summary.changed.length > 10 ? ', …' : ''})`,
  );
  for (const path of summary.taken) output.out(`Taken from the files over a staff change: ${path}`);
  if (summary.kept.length === 0) return;
  output.out(
    `Kept, changed by staff (the files differ; --take-file=PATH takes the file's version): ${summary.kept.length}`,
  );
  for (const difference of summary.kept) {
    output.out(
      `  ${difference.path}, changed by ${difference.changedBy} at ${difference.changedAt.toISOString()}`,
    );
    output.out(`    database: ${shown(difference.database)}`);
    output.out(`    file:     ${shown(difference.file)}`);
  }
}

/**
 * `npm run content:load`: imports CONTENT_DIR into the database (content,
 * offices, gift catalogue). The content import keeps the parts staff changed
 * in the console and reports how the files differ (content-import.ts).
 */
export const contentLoadCommand: StaffCommand = {
  name: 'content:load',
  prepare: (args, _cwd, output) => {
    const takeFile = parseTakeFile(args);
    if (takeFile === undefined) {
      output.error(usage);
      return 2;
    }
    return async ({ db, config, output, now, actor }) => {
      try {
        const summary = await importContent(
          db,
          config.contentDir,
          actor,
          takeFile,
          new Date(now()),
        );
        report(summary, output);
        const officesSummary = await loadOffices(db, config.contentDir, {
          at: new Date(now()),
          onTurnedDirect: markMembersOfDirectOffices,
          recordStateChanges: recordDirectoryStateChanges,
          actor,
        });
        output.out(
          `Offices loaded: ${officesSummary.offices} (${officesSummary.countries.join(', ')})`,
        );
        if (officesSummary.directAccessMembers > 0) {
          output.out(
            `Direct-access users: ${officesSummary.directAccessMembers} members of offices that turned to direct sales`,
          );
        }
        // Gifts staff edited are kept unless every file is taken (`--take-file`).
        const giftsSummary = await loadGifts(db, config.contentDir, {
          takeFile: takeFile === 'all',
        });
        output.out(`Gifts loaded: ${giftsSummary.gifts} (${giftsSummary.countries.join(', ')})`);
        for (const edit of giftsSummary.kept) {
          output.out(
            `Kept the staff's edit of ${edit.countryCode} ${edit.target}; the file differs in: ${edit.fields.join(', ')} (--take-file takes the file)`,
          );
        }
        return 0;
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        output.error(`Content not loaded: ${error.message}`);
        return 1;
      }
    };
  },
};
