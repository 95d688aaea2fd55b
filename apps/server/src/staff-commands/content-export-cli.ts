import { resolve } from 'node:path';
import type { StaffCommand } from './staff-command.js';
import { exportContent, UnknownCountryError } from '../modules/content-editing/content-export.js';

const usage = 'Usage: npm run content:export -- [COUNTRY …] [--out DIR]';

/**
 * `npm run content:export -- [COUNTRY …] [--out DIR]`: writes the database's
 * content (every country, or those named) in the content files' format under
 * DIR (default CONTENT_DIR), to move it between environments or review it as
 * files.
 */
export const contentExportCommand: StaffCommand = {
  name: 'content:export',
  prepare: (args, cwd, output) => {
    const countryCodes: string[] = [];
    let outDir: string | undefined;
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (arg === '--out' && args[index + 1] !== undefined && outDir === undefined) {
        outDir = resolve(cwd, args[++index]!);
      } else if (/^[a-z]{2}$/.test(arg) && !countryCodes.includes(arg)) {
        countryCodes.push(arg);
      } else {
        output.error(usage);
        return 2;
      }
    }
    return async ({ db, config, output }) => {
      const target = outDir ?? config.contentDir;
      try {
        const summary = await exportContent(db, target, countryCodes);
        output.out(
          `Content exported: ${summary.countries.join(', ')} (${summary.files.length} files under ${target})`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof UnknownCountryError)) throw error;
        output.error(`Content not exported: ${error.message}`);
        return 1;
      }
    };
  },
};
