import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { loginFailures } from './schema.js';

export type LoginLimits = {
  freeFailuresPerNumber: number;
  freeFailuresPerAddress: number;
  backoffMaxSeconds: number;
  failureWindowMinutes: number;
  /** Failed logins with one device cookie per window before it brings no more trust (default 5). */
  freeFailuresPerDevice?: number;
};

/** A login attempt let through; pass it back once the password is checked. */
export type LoginAttempt = {
  numberKey: string;
  /** Empty for a trusted attempt, which the address does not count. */
  addressKey: string;
  /** What this attempt set as the address's block, if it set one (undone when the attempt succeeds). */
  addressBlockedUntil: Date | null;
  /** Set when the attempt came with a valid device cookie and counted against it alone. */
  deviceKey?: string;
  /** The number's failures in the window, this attempt counted (untrusted attempts only). */
  numberFailures?: number;
};

export type AttemptResult<TRow> =
  | { allowed: true; attempt: LoginAttempt; row: TRow | undefined }
  | { allowed: false; retryAfterSeconds: number };

type GateColumns = {
  gateRows: number;
  addressBlockedUntil: string | Date | null;
  numberFailures: number | null;
};

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
 * An attempt with a valid device cookie for the number (OWASP's device
 * cookies) counts against that cookie alone, with its own small budget, and
 * is not refused by the number's or the address's blocks.
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
    /** The nonce of a valid device cookie for this number (docs/decisions/020), if the client sent one. */
    deviceNonce?: string,
  ): Promise<AttemptResult<TRow>> {
    const numberKey = `number:${number}`;
    const addressKey = `address:${address}`;
    if (deviceNonce !== undefined) {
      const trusted = await this.trustedAttempt<TRow>(number, deviceNonce, now, read);
      if (trusted !== undefined) return trusted;
      // The device cookie has used up its own budget: the attempt is an untrusted one.
    }
    const { freeFailuresPerNumber, freeFailuresPerAddress } = this.limits;
    const result = await this.db.execute<GateColumns & Partial<TRow>>(sql`
      with ${gateStatement(
        [
          { key: numberKey, free: freeFailuresPerNumber },
          { key: addressKey, free: freeFailuresPerAddress },
        ],
        now,
        this.limits,
      )}
      select
        (select count(*) from gate)::int as "gateRows",
        (select blocked_until from gate where key = ${addressKey}) as "addressBlockedUntil",
        (select failures from gate where key = ${numberKey}) as "numberFailures",
        wanted.*
      from (select 1) as one left join (${read}) as wanted on true`);
    const { gateRows, addressBlockedUntil, numberFailures, ...readRow } =
      rowsOf<GateColumns & Record<string, unknown>>(result)[0] ?? ({} as GateColumns);
    if (gateRows === 2) {
      return {
        allowed: true,
        attempt: {
          numberKey,
          addressKey,
          addressBlockedUntil: addressBlockedUntil === null ? null : toDate(addressBlockedUntil),
          numberFailures: Number(numberFailures ?? 0),
        },
        row: foundRow<TRow>(readRow),
      };
    }
    return {
      allowed: false,
      retryAfterSeconds: await retryAfter(this.db, [numberKey, addressKey], now),
    };
  }

  /**
   * An attempt with a valid device cookie: it counts against that cookie's own
   * small budget only, never against the number or the address, so an attack
   * on the number from elsewhere does not slow the member's own browser. Once
   * the cookie has failed its free failures in the window it brings no more
   * trust until the window ends (undefined: go the untrusted way).
   */
  private async trustedAttempt<TRow extends object>(
    number: string,
    nonce: string,
    now: Date,
    read: SQL,
  ): Promise<AttemptResult<TRow> | undefined> {
    const deviceKey = `device:${number}:${nonce}`;
    const at = now.toISOString();
    const restarts = sql`f.window_started_at <= ${windowStartOf(now, this.limits)}::timestamptz`;
    const result = await this.db.execute<{ gateRows: number } & Partial<TRow>>(sql`
      with gate as (
        insert into ${loginFailures} as f (key, failures, window_started_at, blocked_until)
        values (${deviceKey}, 1, ${at}::timestamptz, null)
        on conflict (key) do update set
          failures = case when ${restarts} then 1 else f.failures + 1 end,
          window_started_at = case when ${restarts} then ${at}::timestamptz else f.window_started_at end
        where ${restarts} or f.failures < ${this.limits.freeFailuresPerDevice ?? defaultDeviceFailures}::int
        returning key
      )
      select (select count(*) from gate)::int as "gateRows", wanted.*
      from (select 1) as one left join (${read}) as wanted on true`);
    const { gateRows, ...readRow } =
      rowsOf<{ gateRows: number } & Record<string, unknown>>(result)[0] ?? ({} as never);
    if (gateRows !== 1) return undefined;
    return {
      allowed: true,
      attempt: {
        numberKey: `number:${number}`,
        addressKey: '',
        addressBlockedUntil: null,
        deviceKey,
      },
      row: foundRow<TRow>(readRow),
    };
  }

  /**
   * The password was right: the number starts afresh and the address forgets
   * this attempt. `alongside` is a data-modifying statement run in the same
   * statement (the new session).
   */
  async succeeded(attempt: LoginAttempt, alongside: SQL = sql`select 1`): Promise<void> {
    if (attempt.deviceKey !== undefined) {
      // A trusted success gives the cookie its budget back and leaves the
      // number's count alone: an attack on the number keeps its backoff.
      await this.db.execute(sql`
        with alongside as (${alongside})
        delete from ${loginFailures} where key = ${attempt.deviceKey}`);
      return;
    }
    const ownBlock = attempt.addressBlockedUntil?.toISOString() ?? null;
    await this.db.execute(sql`
      with alongside as (${alongside}),
      cleared as (delete from ${loginFailures} where key = ${attempt.numberKey})
      update ${loginFailures} set
        failures = greatest(failures - 1, 0),
        blocked_until = case when blocked_until = ${ownBlock}::timestamptz then null else blocked_until end
      where key = ${attempt.addressKey}`);
  }
}

/** A limit on one key: requests allowed in a window before backoff. */
export type KeyLimit = { key: string; free: number };

export type RequestResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The same database-backed counting for other guest calls that must not be
 * repeated at will (registration, the enroll calls): every request counts
 * against each of its keys, and past a key's free requests in the window it
 * blocks that key for 1 s, 2 s, 4 s … up to the maximum. Nothing takes a
 * count back. Keys share the `login_failures` table, so each caller prefixes
 * its own (`registration-address:`, `enroll-address:` …).
 */
export class RequestLimiter {
  constructor(
    private readonly db: Database,
    private readonly limits: Pick<LoginLimits, 'backoffMaxSeconds' | 'failureWindowMinutes'>,
  ) {}

  async take(keys: KeyLimit[], now: Date): Promise<RequestResult> {
    const result = await this.db.execute<{ gateRows: number }>(sql`
      with ${gateStatement(keys, now, this.limits)}
      select count(*)::int as "gateRows" from gate`);
    if (rowsOf<{ gateRows: number }>(result)[0]?.gateRows === keys.length) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: await retryAfter(
        this.db,
        keys.map(({ key }) => key),
        now,
      ),
    };
  }
}

const defaultDeviceFailures = 5;

function windowStartOf(now: Date, limits: Pick<LoginLimits, 'failureWindowMinutes'>): string {
  return new Date(now.getTime() - limits.failureWindowMinutes * 60_000).toISOString();
}

/**
 * The CTEs `blocked` and `gate`: counts a request against every key unless
 * one of them is blocked (then nothing changes); `gate` returns a row per key
 * counted, with the key's new block.
 */
function gateStatement(
  keys: KeyLimit[],
  now: Date,
  limits: Pick<LoginLimits, 'backoffMaxSeconds' | 'failureWindowMinutes'>,
): SQL {
  const at = now.toISOString();
  const restarts = sql`f.window_started_at <= ${windowStartOf(now, limits)}::timestamptz`;
  const failures = sql`(case when ${restarts} then 1 else f.failures + 1 end)`;
  const free = sql`(case f.key ${sql.join(
    keys.map(({ key, free }) => sql`when ${key} then ${free}::int`),
    sql` `,
  )} end)`;
  // The exponent is capped so that the power stays a small number.
  const block = sql`(case when ${failures} > ${free}
    then ${at}::timestamptz + least(power(2, least(${failures} - ${free} - 1, 30)), ${limits.backoffMaxSeconds}::int) * interval '1 second'
    else null end)`;
  const keyList = sql.join(
    keys.map(({ key }) => sql`${key}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map(({ key }) => sql`(${key})`),
    sql`, `,
  );
  return sql`blocked as (
      select 1 from ${loginFailures}
      where key in (${keyList}) and blocked_until > ${at}::timestamptz
    ), gate as (
      insert into ${loginFailures} as f (key, failures, window_started_at, blocked_until)
      select key, 1, ${at}::timestamptz, null::timestamptz
      from (values ${values}) as attempt(key)
      where not exists (select 1 from blocked)
      on conflict (key) do update set
        failures = ${failures},
        window_started_at = case when ${restarts} then ${at}::timestamptz else f.window_started_at end,
        blocked_until = ${block}
      where f.blocked_until is null or f.blocked_until <= ${at}::timestamptz
      returning key, blocked_until, failures
    )`;
}

/** Without a match of `read`, every column of the left join is null. */
function foundRow<TRow>(readRow: Record<string, unknown>): TRow | undefined {
  return Object.values(readRow).some((value) => value !== null) ? (readRow as TRow) : undefined;
}

async function retryAfter(db: Database, keys: string[], now: Date): Promise<number> {
  const result = await db.execute<{ blocked_until: string | Date | null }>(sql`
    select max(blocked_until) as blocked_until from ${loginFailures}
    where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  const until = rowsOf<{ blocked_until: string | Date | null }>(result)[0]?.blocked_until;
  if (until == null) return 1;
  return Math.max(1, Math.ceil((toDate(until).getTime() - now.getTime()) / 1000));
}

/** Both drivers answer raw statements with `rows`. */
function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}
