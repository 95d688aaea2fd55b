import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` runs the server on PostgreSQL with a smaller heap (decision 032):
 * the start script's own command line, with the server's file swapped for a
 * probe that prints the Node flags the process got.
 */
const startScript = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

function flagsOfStart(env: Record<string, string>): string[] {
  const command = startScript.replace(
    'dist/server.js',
    `-e 'console.log(JSON.stringify(process.execArgv.filter((flag) => flag.startsWith("--"))))'`,
  );
  expect(command).not.toBe(startScript);
  const printed = execFileSync('/bin/sh', ['-c', command], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(printed) as string[];
}

describe('the start script', () => {
  it('starts the server on PostgreSQL with a small young generation and a slow heap growth, which Node accepts', () => {
    expect(flagsOfStart({ DATABASE_URL: 'postgres://club@db/club' })).toEqual([
      '--max-semi-space-size=4',
      '--heap-growing-percent=50',
    ]);
  });

  it('starts the embedded database with V8’s own heap sizes', () => {
    expect(flagsOfStart({})).toEqual([]);
    expect(flagsOfStart({ DATABASE_URL: '' })).toEqual([]);
  });
});
