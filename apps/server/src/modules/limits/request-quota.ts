import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { RequestResult } from './login-limiter.js';
import { loginFailures } from './schema.js';

/** How one key's requests are spaced and capped. */
export type QuotaLimits = {
  /** None within this long after the last one taken. */
  quietMs: number;
  /** At most this many in a day, counted from the first of that day. */
  perDay: number;
};

const dayMs = 86_400_000;

type QuotaRow = {
  failures: number;
  window_started_at: string | Date;
  blocked_until: string | Date;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Requests of one kind by one member (the email changes of the profile),
 * spaced and capped: none within the quiet time after the last one taken,
 * and at most `perDay` in a day. Kept in `login_failures` with the other
 * limits, so that they hold across server processes: `failures` counts the
 * day's requests, `window_started_at` starts the day, `blocked_until` ends
 * the quiet time. One statement takes a request or refuses it, so requests
 * sent at once are counted one after the other. A refused request counts
 * nothing; nothing takes a count back.
 */
export class RequestQuota {
  constructor(private readonly db: Database) {}

  async take(key: string, limits: QuotaLimits, now: Date): Promise<RequestResult> {
    const at = now.toISOString();
    const quietUntil = new Date(now.getTime() + limits.quietMs).toISOString();
    const newDay = sql`f.window_started_at <= ${new Date(now.getTime() - dayMs).toISOString()}::timestamptz`;
    const taken = await this.db.execute(sql`
      insert into ${loginFailures} as f (key, failures, window_started_at, blocked_until)
      values (${key}, 1, ${at}::timestamptz, ${quietUntil}::timestamptz)
      on conflict (key) do update set
        failures = case when ${newDay} then 1 else f.failures + 1 end,
        window_started_at = case when ${newDay} then ${at}::timestamptz else f.window_started_at end,
        blocked_until = ${quietUntil}::timestamptz
      where (f.blocked_until is null or f.blocked_until <= ${at}::timestamptz)
        and (${newDay} or f.failures < ${limits.perDay}::int)
      returning key`);
    if (rowsOf(taken).length > 0) return { allowed: true };
    const [row] = rowsOf<QuotaRow>(
      await this.db.execute(sql`
        select failures, window_started_at, blocked_until from ${loginFailures}
        where key = ${key}`),
    );
    // Refused: again once the quiet time is over, or the day when its requests are used up.
    const quietEnds = row === undefined ? now.getTime() : toDate(row.blocked_until).getTime();
    const dayEnds =
      row !== undefined && row.failures >= limits.perDay
        ? toDate(row.window_started_at).getTime() + dayMs
        : now.getTime();
    const retryAt = Math.max(quietEnds, dayEnds);
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)),
    };
  }
}
