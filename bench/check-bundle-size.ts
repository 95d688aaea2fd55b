/**
 * `npm run size:check` (part of `npm test`, after the build): fails when the
 * guest home's initial JS is more than 1.6 times a React 19 hello world, or
 * a lazy chunk is over 30 kB gzip, or a display screen (guest home, FAQ,
 * member home, gift list) loads zod or the form library, or the login screen
 * loads zod. Built files only, so deterministic.
 */
import { resolve } from 'node:path';
import {
  heavyLightScreens,
  initialRatioBudget,
  lazyChunkBudget,
  measureBundle,
} from './bundle-size.ts';

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
for (const chunk of sizes.lazy.filter((chunk) => chunk.bytes > lazyChunkBudget)) {
  problems.push(`lazy chunk ${chunk.file} is ${chunk.bytes} B gzip, budget ${lazyChunkBudget} B`);
}
console.log(
  `largest lazy chunk ${sizes.lazy[0]?.file ?? '(none)'} ${sizes.lazy[0]?.bytes ?? 0} B gzip, budget ${lazyChunkBudget} B`,
);
const heavy = heavyLightScreens(root);
console.log(
  `screens that paint without the schema (and form) library: ${heavy.length === 0 ? 'all' : 'not all'}`,
);
problems.push(...heavy);
for (const problem of problems) console.error(problem);
process.exitCode = problems.length === 0 ? 0 : 1;
