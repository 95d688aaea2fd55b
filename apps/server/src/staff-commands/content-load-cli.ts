import type { StaffCommand } from './staff-command.js';
import { loadGifts } from '../modules/gifts/catalogue/load-gifts.js';
import { loadOffices } from '../modules/offices/load-offices.js';
import { markMembersOfDirectOffices } from '../modules/agents/direct-access.js';
import { loadContent } from '../modules/content/load-content.js';
import { ContentFileError } from '../modules/content/read-content-folder.js';

/** `npm run content:load`: loads CONTENT_DIR (content, offices, gift catalogue) into the database. */
export const contentLoadCommand: StaffCommand = {
  name: 'content:load',
  prepare: (args, _cwd, output) => {
    if (args.length > 0) {
      output.error('Usage: npm run content:load (loads CONTENT_DIR; takes no arguments)');
      return 2;
    }
    return async ({ db, config, output, now, actor }) => {
      try {
        const summary = await loadContent(db, config.contentDir);
        output.out(
          `Content loaded: ${summary.countries.join(', ')} (content version ${summary.version})`,
        );
        const officesSummary = await loadOffices(db, config.contentDir, {
          at: new Date(now()),
          onTurnedDirect: markMembersOfDirectOffices,
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
        const giftsSummary = await loadGifts(db, config.contentDir);
        output.out(`Gifts loaded: ${giftsSummary.gifts} (${giftsSummary.countries.join(', ')})`);
        return 0;
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        output.error(`Content not loaded: ${error.message}`);
        return 1;
      }
    };
  },
};
