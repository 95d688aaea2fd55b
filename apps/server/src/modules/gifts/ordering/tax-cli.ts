import type { StaffCommand } from '../../../staff-commands/staff-command.js';
import { setTaxInformation, taxInformation } from '../staff/tax-information.js';

export const taxCommandUsage = 'Usage: npm run gifts:tax -- MEMBER_NUMBER on|off';

/**
 * `npm run gifts:tax -- NUMBER on|off`: programme staff record that a
 * member's tax information is verified (on) or not (off); ordering gifts
 * needs it (spec 2 §4 "Ordering disabled"). Audited as `member.tax`, through
 * the same service as the console.
 */
export const giftsTaxCommand: StaffCommand = {
  name: 'gifts:tax',
  prepare: (args, _cwd, output) => {
    const [number, state] = args;
    if (
      args.length !== 2 ||
      number === undefined ||
      !/^\d{1,20}$/.test(number) ||
      (state !== 'on' && state !== 'off')
    ) {
      output.error(taxCommandUsage);
      return 2;
    }
    return async ({ db, output, now, actor }) => {
      const member = await taxInformation(db, number);
      if (member === undefined) {
        output.error(`No member with number ${number}`);
        return 1;
      }
      await setTaxInformation(db, member, {
        taxOk: state === 'on',
        reason: '',
        actor,
        now: new Date(now()),
      });
      output.out(
        `Member ${number}: tax information ${state === 'on' ? 'verified' : 'not verified'}`,
      );
      return 0;
    };
  },
};
