import { NewStaffAccountSchema } from '@club/contract/staff-accounts';
import type { StaffCommand } from '../../staff-commands/staff-command.js';
import { addStaffAccount, StaffAccountRefused } from './staff-accounts.js';

export const staffAddUsage =
  'Usage: npm run staff:add -- EMAIL ROLE [COUNTRIES]  (ROLE: admin, manager or support; COUNTRIES: two-letter codes separated by commas, none for an admin)';

/**
 * `npm run staff:add -- EMAIL ROLE [COUNTRIES]`: adds a staff account through
 * the service the console's Staff area uses (audited as the command-line
 * user) and prints its single-use setup link.
 */
export const staffAddCommand: StaffCommand = {
  name: 'staff:add',
  prepare: (args, _cwd, output) => {
    if (args.length < 2 || args.length > 3) {
      output.error(staffAddUsage);
      return 2;
    }
    const [email, role, countries] = args;
    const parsed = NewStaffAccountSchema.safeParse({ email, role, countries: countries ?? '' });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        output.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
      }
      output.error(staffAddUsage);
      return 2;
    }
    const input = parsed.data;
    return async ({ db, config, output, now, actor }) => {
      try {
        const added = await addStaffAccount(db, actor, input, new Date(now()), config);
        const where =
          added.account.role === 'admin' ? 'every country' : added.account.countries.join(', ');
        output.out(`Staff account added: ${added.account.email} (${added.account.role}, ${where})`);
        output.out(
          `Setup link (single use, until ${added.expiresAt}; mailed to ${added.mailedTo} too):`,
        );
        output.out(added.setupLink);
        return 0;
      } catch (error) {
        if (!(error instanceof StaffAccountRefused)) throw error;
        output.error(`Not added: ${error.message}`);
        return 1;
      }
    };
  },
};
