import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOutageLog } from './outage-log.js';

describe('the outage log', () => {
  it('logs the first 503 at once, then one line per interval counting those since', () => {
    let clock = 0;
    const logged: unknown[] = [];
    const log = { error: (fields: unknown) => logged.push(fields) } as unknown as FastifyBaseLogger;
    const logOutage = createOutageLog(10_000, () => clock);
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');

    logOutage(log, refused);
    for (clock = 1; clock < 10_000; clock += 100) logOutage(log, refused);
    expect(logged).toEqual([{ reason: refused.message, answered503: 1 }]);

    clock = 10_000;
    logOutage(log, refused);
    expect(logged).toHaveLength(2);
    expect(logged[1]).toEqual({ reason: refused.message, answered503: 101 });
  });
});
