import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffice } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { linkCommandUsage, runLinkCommand } from './link-cli.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = async (args: string[]) => {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runLinkCommand(t.database.db, args, t.config, {
    out: (line) => lines.push(line),
    error: (line) => errors.push(line),
  });
  return { code, lines, errors };
};

describe('npm run agencies:link', () => {
  it('prints a fresh link that opens the agency', async () => {
    const office = await createOffice(t.database.db, { agencyName: 'Command Travel' });
    const { code, lines } = await run([office.officeId.toLowerCase(), 'opt-out']);
    expect(code).toBe(0);
    const url = new URL(lines[0]!);
    expect(url.pathname).toMatch(/\/agency-opt-out$/);
    const response = await t.app.inject({
      url: `/s2c/auth/v1/agency/state-change-request${url.search}`,
    });
    expect(response.json()).toEqual({
      data: { officeId: office.officeId, name: 'Command Travel', purpose: 'opt-out' },
    });
  });

  it('refuses bad arguments and unknown offices', async () => {
    expect(await run([])).toMatchObject({ code: 2, errors: [linkCommandUsage] });
    expect(await run(['ATHGR0001', 'maybe'])).toMatchObject({ code: 2 });
    expect(await run(['NOPE0000', 'opt-in'])).toMatchObject({
      code: 1,
      errors: ['No office with ID NOPE0000'],
    });
  });
});
