import { eq } from 'drizzle-orm';
import { commandConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { agents } from '../../agents/schema.js';
import { setTaxOk } from './ordering-rules.js';

const usage = 'Usage: npm run gifts:tax -- MEMBER_NUMBER on|off';

/**
 * `npm run gifts:tax -- NUMBER on|off`: programme staff record that a
 * member's tax information is verified (on) or not (off); ordering gifts
 * needs it (spec 2 §4 "Ordering disabled").
 */
async function main(args: string[]): Promise<number> {
  const [number, state] = args;
  if (number === undefined || !/^\d{1,20}$/.test(number) || (state !== 'on' && state !== 'off')) {
    console.error(usage);
    return 2;
  }
  const config = commandConfig();
  if (config === undefined) return 1;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [member] = await database.db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.number, number));
    if (member === undefined) {
      console.error(`No member with number ${number}`);
      return 1;
    }
    await setTaxOk(database.db, member.id, state === 'on');
    console.log(
      `Member ${number}: tax information ${state === 'on' ? 'verified' : 'not verified'}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
