import { consoleOutput, main } from './fulfil-cli.js';

/** Entry of `npm run orders:fulfil -- ORDER_ID | --list` (docs/gifts.md, "The voucher provider"). */
process.exitCode = await main(process.argv.slice(2), process.env, consoleOutput);
