import type { StaffCommand } from '../../staff-commands/staff-command.js';
import { setDirectAccessByStaff } from './direct-access.js';

export const directAccessCommandUsage =
  'Usage: npm run members:direct-access -- MEMBER_NUMBER [--off]';

/**
 * `npm run members:direct-access -- NUMBER [--off]`: programme staff mark a
 * member as a user of the direct-access product, whom the site then shows
 * only the redirect overlay (spec 2 §4), or take the mark away with `--off`;
 * the same service as the console's, audited with the command's actor.
 */
export const directAccessCommand: StaffCommand = {
  name: 'members:direct-access',
  prepare: (args, _cwd, output) => {
    const [number, flag] = args;
    if (
      args.length < 1 ||
      args.length > 2 ||
      number === undefined ||
      !/^\d{1,20}$/.test(number) ||
      (flag !== undefined && flag !== '--off')
    ) {
      output.error(directAccessCommandUsage);
      return 2;
    }
    const direct = flag === undefined;
    return async ({ db, output, now, actor }) => {
      const result = await setDirectAccessByStaff(db, {
        number,
        isAmadeusDirectUser: direct,
        at: new Date(now()),
        actor,
        reason: null,
        countries: null,
      });
      if (result === 'no-member') {
        output.error(`No member with number ${number}`);
        return 1;
      }
      const state = direct ? 'a direct-access user' : 'not a direct-access user';
      output.out(
        result === 'changed'
          ? `Member ${number}: now ${state}`
          : `Member ${number}: already ${state}`,
      );
      return 0;
    };
  },
};
