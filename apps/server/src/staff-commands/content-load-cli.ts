import type { StaffCommand } from './staff-command.js';
import { loadGifts } from '../modules/gifts/catalogue/load-gifts.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { markMembersOfDirectOffices } from '../modules/agents/direct-access.js';
import { loadContent } from '../modules/content/load-content.js';
import { ContentFileError } from '../modules/content/read-content-folder.js';

const usage =
  'Usage: npm run content:load [-- --take-file] (loads CONTENT_DIR; --take-file takes the gift files over staff edits)';

/**
 * `npm run content:load`: loads CONTENT_DIR (content, offices, gift catalogue)
 * into the database. Gifts staff edited in the console are kept and their
 * differences from the files listed, unless `--take-file`.
 */
export const contentLoadCommand: StaffCommand = {
  name: 'content:load',
  prepare: (args, _cwd, output) => {
    const takeFile = args.length === 1 && args[0] === '--take-file';
    if (args.length > 0 && !takeFile) {
      output.error(usage);
      return 2;
    }
    return async ({ db, config, output, now }) => {
      try {
        const summary = await loadContent(db, config.contentDir);
        output.out(
          `Content loaded: ${summary.countries.join(', ')} (content version ${summary.version})`,
        );
        const officesSummary = await loadOffices(db, config.contentDir, {
          at: new Date(now()),
          onTurnedDirect: markMembersOfDirectOffices,
        });
        output.out(
          `Offices loaded: ${officesSummary.offices} (${officesSummary.countries.join(', ')})`,
        );
        if (officesSummary.directAccessMembers > 0) {
          output.out(
            `Direct-access users: ${officesSummary.directAccessMembers} members of offices that turned to direct sales`,
          );
        }
        const giftsSummary = await loadGifts(db, config.contentDir, { takeFile });
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
