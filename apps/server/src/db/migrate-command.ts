import { runMigrateCommand } from './server-role.js';

/** `npm run db:migrate` (see server-role.ts). */
process.exitCode = await runMigrateCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  error: (line) => console.error(line),
});
