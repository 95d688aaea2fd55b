/**
 * `npm run size:check` (part of `npm test`, after the build): fails when the
 * guest home's initial JS is more than 1.3 times a React 19 hello world, or
 * a lazy chunk of the web app or of the staff console is over 30 kB gzip, or a display screen (guest home, FAQ,
 * member home, gift list) loads zod or the form library, or the login screen
 * loads zod, or the first script holds the charts, the message formatter or
 * the staff console, or the console's member screens load zod with their
 * code. Built files only, so deterministic.
 */
import { resolve } from 'node:path';
import {
  firstScriptIntruders,
  heavyLightScreens,
  initialRatioBudget,
  lazyChunkBudget,
  measureBundle,
} from './bundle-size.ts';
import { consoleDisplayScreens, heavyConsoleScreens } from './console-screen-weight.ts';

const root = resolve(import.meta.dirname, '..');
const sizes = await measureBundle(root);
const problems: string[] = [];
const limit = Math.floor(sizes.helloBytes * initialRatioBudget);
console.log(
  `initial JS ${sizes.initialBytes} B gzip, budget ${limit} B (${initialRatioBudget} x the hello world's ${sizes.helloBytes} B)`,
);
if (sizes.initialBytes > limit) {
  problems.push(
    `initial JS is ${sizes.initialBytes - limit} B over its budget: move code out of the first script (docs/decisions/004-initial-bundle-budget.md)`,
  );
}
for (const [app, lazy] of [
  ['web app', sizes.lazy],
  ['staff console', sizes.consoleLazy],
] as const) {
  for (const chunk of lazy.filter((chunk) => chunk.bytes > lazyChunkBudget)) {
    problems.push(
      `${app}: lazy chunk ${chunk.file} is ${chunk.bytes} B gzip, budget ${lazyChunkBudget} B`,
    );
  }
  console.log(
    `${app}: largest lazy chunk ${lazy[0]?.file ?? '(none)'} ${lazy[0]?.bytes ?? 0} B gzip, budget ${lazyChunkBudget} B`,
  );
}
const intruders = firstScriptIntruders(root);
console.log(
  `first script without the charts, the message formatter and the staff console: ${intruders.length === 0 ? 'yes' : 'no'}`,
);
for (const what of intruders)
  problems.push(`the guest home's first script holds ${what}: load it where it is shown`);
const heavy = heavyLightScreens(root);
console.log(
  `screens that paint without the schema (and form) library: ${heavy.length === 0 ? 'all' : 'not all'}`,
);
problems.push(...heavy);
const heavyConsole = heavyConsoleScreens(root);
console.log(
  `staff console screens that paint without zod (${consoleDisplayScreens.join(', ')}): ${heavyConsole.length === 0 ? 'all' : 'not all'}`,
);
problems.push(...heavyConsole);
for (const problem of problems) console.error(problem);
process.exitCode = problems.length === 0 ? 0 : 1;
