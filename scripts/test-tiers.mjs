// Runs the test tiers of `npm test` in order and prints the time of each at
// the end, passed or not. A tier is one or more npm scripts; scripts of one
// tier run side by side (lint and the type check each keep one core busy).
// The first failing tier stops the run.
//
//   node scripts/test-tiers.mjs            every tier of `npm test`
//   node scripts/test-tiers.mjs unit e2e   only the tiers named
import { spawn } from 'node:child_process';

/** @type {{ name: string; scripts: string[] }[]} */
const tiers = [
  { name: 'lint + types + docs', scripts: ['lint', 'typecheck', 'docs:check'] },
  { name: 'unit: contract', scripts: ['test -w packages/contract'] },
  { name: 'unit: server', scripts: ['test -w apps/server'] },
  { name: 'unit: web + console', scripts: ['test -w apps/web', 'test -w apps/console'] },
  { name: 'build', scripts: ['build'] },
  { name: 'bundle size + OpenAPI', scripts: ['size:check', 'test:openapi'] },
  { name: 'end to end', scripts: ['test:e2e'] },
];

const shortNames = {
  lint: 'lint + types + docs',
  unit: ['unit: contract', 'unit: server', 'unit: web + console'],
  build: 'build',
  openapi: 'bundle size + OpenAPI',
  e2e: 'end to end',
};

function chosenTiers(args) {
  if (args.length === 0) return tiers;
  const names = new Set(args.flatMap((arg) => shortNames[arg] ?? arg));
  const chosen = tiers.filter((tier) => names.has(tier.name));
  if (chosen.length === 0) {
    console.error(`No tier named ${args.join(', ')}; tiers: ${Object.keys(shortNames).join(', ')}`);
    process.exit(2);
  }
  return chosen;
}

/** Runs `npm run <script>`; resolves with its exit code. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...script.split(' ')], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

const seconds = (ms) => (ms / 1000).toFixed(0).padStart(5);
const times = [];
const started = Date.now();
let failed;
for (const tier of chosenTiers(process.argv.slice(2))) {
  console.log(`\n== ${tier.name}: npm run ${tier.scripts.join(' & npm run ')}`);
  const at = Date.now();
  const codes = await Promise.all(tier.scripts.map(run));
  const ok = codes.every((code) => code === 0);
  times.push({ name: tier.name, ms: Date.now() - at, ok });
  if (!ok) {
    failed = tier.name;
    break;
  }
}

console.log('\nTier times (s)');
for (const { name, ms, ok } of times)
  console.log(`${seconds(ms)}  ${ok ? 'ok  ' : 'FAIL'}  ${name}`);
console.log(`${seconds(Date.now() - started)}  ${failed === undefined ? 'ok  ' : 'FAIL'}  all`);
process.exit(failed === undefined ? 0 : 1);
