import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures } from './schema.js';

export type LoginLimits = {
  freeFailuresPerNumber: number;
  freeFailuresPerAddress: number;
  backoffMaxSeconds: number;
  failureWindowMinutes: number;
};

/** A login attempt let through; pass it back once the password is checked. */
export type LoginAttempt = {
  numberKey: string;
  addressKey: string;
  /** What this attempt set as the address's block, if it set one (undone when the attempt succeeds). */
  addressBlockedUntil: Date | null;
};

export type AttemptResult<TRow> =
  | { allowed: true; attempt: LoginAttempt; row: TRow | undefined }
  | { allowed: false; retryAfterSeconds: number };

type GateColumns = { gateRows: number; addressBlockedUntil: string | Date | null };

/**
 * Login limits per member number and per client address (docs/decisions/020),
 * kept in `login_failures` so that they hold across server processes.
 *
 * Every attempt counts as a failure from the moment it starts, in one
 * statement that also refuses it while a key is blocked: so a burst of
 * parallel guesses is counted like the same guesses one after the other. A
 * correct password then takes its count back: it clears the number's counter
 * and removes itself from the address's. After the free failures of a window,
 * each failure blocks the key for 1 s, 2 s, 4 s … up to the maximum; nobody
 * is locked out longer than that.
 *
 * A login makes two statements in all: the gate reads the member alongside,
 * and the success writes the session alongside (the embedded database spends
 * most of its time per statement, not per row).
 */
export class LoginLimiter {
  constructor(
    private readonly db: Database,
    private readonly limits: LoginLimits,
  ) {}

  /**
   * Counts the attempt unless a key is blocked. `read` is a one-row select
   * (the member) answered in the same statement, with its columns aliased as
   * the row type wants them.
   */
  async attempt<TRow extends object>(
    number: string,
    address: string,
    now: Date,
    read: SQL,
  ): Promise<AttemptResult<TRow>> {
    const numberKey = `number:${number}`;
    const addressKey = `address:${address}`;
    const { freeFailuresPerNumber, freeFailuresPerAddress, backoffMaxSeconds } = this.limits;
    const at = now.toISOString();
    const windowStart = new Date(
      now.getTime() - this.limits.failureWindowMinutes * 60_000,
    ).toISOString();
    const restarts = sql`f.window_started_at <= ${windowStart}::timestamptz`;
    const failures = sql`(case when ${restarts} then 1 else f.failures + 1 end)`;
    const free = sql`(case when f.key = ${numberKey} then ${freeFailuresPerNumber}::int else ${freeFailuresPerAddress}::int end)`;
    // The exponent is capped so that the power stays a small number.
    const block = sql`(case when ${failures} > ${free}
      then ${at}::timestamptz + least(power(2, least(${failures} - ${free} - 1, 30)), ${backoffMaxSeconds}::int) * interval '1 second'
      else null end)`;
    const result = await this.db.execute<GateColumns & Partial<TRow>>(sql`
      with blocked as (
        select 1 from ${loginFailures}
        where key in (${numberKey}, ${addressKey}) and blocked_until > ${at}::timestamptz
      ), gate as (
        insert into ${loginFailures} as f (key, failures, window_started_at, blocked_until)
        select key, 1, ${at}::timestamptz, null::timestamptz
        from (values (${numberKey}), (${addressKey})) as attempt(key)
        where not exists (select 1 from blocked)
        on conflict (key) do update set
          failures = ${failures},
          window_started_at = case when ${restarts} then ${at}::timestamptz else f.window_started_at end,
          blocked_until = ${block}
        where f.blocked_until is null or f.blocked_until <= ${at}::timestamptz
        returning key, blocked_until
      )
      select
        (select count(*) from gate)::int as "gateRows",
        (select blocked_until from gate where key = ${addressKey}) as "addressBlockedUntil",
        wanted.*
      from (select 1) as one left join (${read}) as wanted on true`);
    const { gateRows, addressBlockedUntil, ...readRow } =
      rowsOf<GateColumns & Record<string, unknown>>(result)[0] ?? ({} as GateColumns);
    if (gateRows === 2) {
      // Without a match of `read`, every column of the left join is null.
      const found = Object.values(readRow).some((value) => value !== null);
      return {
        allowed: true,
        attempt: {
          numberKey,
          addressKey,
          addressBlockedUntil: addressBlockedUntil === null ? null : toDate(addressBlockedUntil),
        },
        row: found ? (readRow as TRow) : undefined,
      };
    }
    return {
      allowed: false,
      retryAfterSeconds: await this.retryAfter([numberKey, addressKey], now),
    };
  }

  /**
   * The password was right: the number starts afresh and the address forgets
   * this attempt. `alongside` is a data-modifying statement run in the same
   * statement (the new session).
   */
  async succeeded(attempt: LoginAttempt, alongside: SQL = sql`select 1`): Promise<void> {
    const ownBlock = attempt.addressBlockedUntil?.toISOString() ?? null;
    await this.db.execute(sql`
      with alongside as (${alongside}),
      cleared as (delete from ${loginFailures} where key = ${attempt.numberKey})
      update ${loginFailures} set
        failures = greatest(failures - 1, 0),
        blocked_until = case when blocked_until = ${ownBlock}::timestamptz then null else blocked_until end
      where key = ${attempt.addressKey}`);
  }

  private async retryAfter(keys: string[], now: Date): Promise<number> {
    const result = await this.db.execute<{ blocked_until: string | Date | null }>(sql`
      select max(blocked_until) as blocked_until from ${loginFailures}
      where key in (${keys[0]}, ${keys[1]})`);
    const until = rowsOf<{ blocked_until: string | Date | null }>(result)[0]?.blocked_until;
    if (until == null) return 1;
    return Math.max(1, Math.ceil((toDate(until).getTime() - now.getTime()) / 1000));
  }
}

/** Both drivers answer raw statements with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}
