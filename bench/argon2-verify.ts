/**
 * Child process of the login benchmark: raw argon2id verifies per second with
 * the club's own password module (the built server's), `concurrency` verifies
 * in flight at a time, for `seconds`. Prints one JSON line with the rate and
 * the CPU time (all threads) per verify.
 *
 *   node --import tsx bench/argon2-verify.ts <server dist folder> <concurrency> <seconds>
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist = '', concurrencyArg = '1', secondsArg = '5'] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const seconds = Number(secondsArg);

type PasswordModule = {
  hashPassword: (password: string) => Promise<string>;
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
};
const { hashPassword, verifyPassword } = (await import(
  pathToFileURL(join(dist, 'modules/agents/password.js')).href
)) as PasswordModule;

const hash = await hashPassword('bench1password');
// Warm-up, as the server is warmed up before its measurement.
await Promise.all(
  Array.from({ length: concurrency * 2 }, () => verifyPassword(hash, 'bench1password')),
);

let verifies = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const until = started + seconds * 1000;
async function loop(): Promise<void> {
  while (performance.now() < until) {
    if (!(await verifyPassword(hash, 'bench1password'))) throw new Error('verify failed');
    verifies++;
  }
}
await Promise.all(Array.from({ length: concurrency }, loop));
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    verifiesPerSecond: verifies / elapsed,
    cpuMsPerVerify: (cpu.user + cpu.system) / 1000 / verifies,
  }),
);
