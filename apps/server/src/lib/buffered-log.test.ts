import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedStdout } from './request-log.js';

const folder = mkdtempSync(join(tmpdir(), 'club-buffered-log-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the buffered log output', () => {
  it('writes each line within a moment, in order, and the rest when stopped', async () => {
    const file = join(folder, 'log');
    const output = bufferedStdout(file);
    await new Promise((resolve) => output.stream.on('ready', resolve));
    const logger = pino(output.stream);
    logger.info({ n: 1 }, 'first');
    logger.info({ n: 2 }, 'second');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const lines = () =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(lines()).toEqual(['first', 'second']);
    logger.info({ n: 3 }, 'last');
    output.stop();
    expect(lines()).toEqual(['first', 'second', 'last']);
  });
});
