import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { outboxRows, submitPage } from '../../testing/account-helpers.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const floorMs = 250;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { mail: { ...loadConfig({}).mail, guestFormAnswerMs: floorMs } },
  });
});
afterAll(() => t.close());

/** The answer and how long it took at least: a lower bound, which no machine load can break. */
async function timed(page: string, values: Record<string, string>) {
  const started = performance.now();
  const answer = await submitPage(t.app, page, values);
  return { answer, elapsed: performance.now() - started };
}

describe('the guest forms that take an email answer members and strangers alike', () => {
  it('with the same answer, no sooner than GUEST_FORM_ANSWER_MS, mailing the member only', async () => {
    const pending = await createAgent(t.database.db, { status: 'pending' });
    const member = await createAgent(t.database.db);
    for (const [page, known, unknown] of [
      ['retrieve-password', { email: member.email }, { email: 'ghost@travel.example' }],
      ['reconfirm', { email: pending.email }, { email: 'ghost@travel.example' }],
      [
        'restore',
        { email: member.email, number: member.number },
        { email: 'ghost@travel.example', number: '1234567' },
      ],
    ] as const) {
      const a = await timed(page, known);
      const b = await timed(page, unknown);
      expect(a.answer, page).toEqual(b.answer);
      expect(a.elapsed, page).toBeGreaterThanOrEqual(floorMs - 1);
      expect(b.elapsed, page).toBeGreaterThanOrEqual(floorMs - 1);
    }
    const recipients = (await outboxRows(t.database.db)).map((row) => row.recipient);
    expect(recipients).toContain(member.email);
    expect(recipients).toContain(pending.email);
    expect(recipients).not.toContain('ghost@travel.example');
  });
});
