import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What a purge keeps of a member (docs/decisions/037): the programme's books
 * (ledger entries, lots, allocations, balance, adjustments, bookings, gift
 * orders with their lines and provider calls, audit entries) stay, so that
 * no report changes after the fact; what names the person goes. The member's
 * row stays as a tombstone (status `purged`) under a pseudonym, so that the
 * books' foreign keys hold and nothing cascades.
 */

/** What replaces text that names a purged member, wherever the books keep text. */
export const REMOVED = '(removed)';

/** The member about to be purged, with what names them. */
export type PurgedMember = {
  id: number;
  /** The member number, which the purge takes out of every record. */
  number: string;
  /** What replaces it: stable (the tombstone keeps it), never digits (no booking remark, login or staff call can name it). */
  pseudonym: string;
  /** Number, name, email, phone, addresses and sign: text that names the member. */
  personal: string[];
};

const pseudonymAlphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `purged-` and 13 random characters (about 67 bits): fits the member number's 20 characters. */
export function memberPseudonym(): string {
  let tail = '';
  for (let i = 0; i < 13; i++) tail += pseudonymAlphabet[randomInt(pseudonymAlphabet.length)];
  return `purged-${tail}`;
}

/** The member's texts a record may hold, without blanks and repeats. */
export function personalValues(member: {
  number: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  giftDeliveryAddress: string;
  sign: string;
}): string[] {
  const values = [
    member.number,
    member.email,
    member.firstName,
    member.lastName,
    `${member.firstName} ${member.lastName}`,
    `${member.lastName} ${member.firstName}`,
    member.phone,
    member.address,
    member.giftDeliveryAddress,
    member.sign,
  ]
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

/**
 * A value of three characters or more names the member wherever it occurs
 * in a text; a shorter one (a two-letter name) only as the whole text.
 */
const longEnough = (value: string) => value.length >= 3;

/** The text names the member (case aside). */
export function namesMember(text: string, personal: readonly string[]): boolean {
  const lower = text.trim().toLowerCase();
  if (lower === '') return false;
  return personal.some((value) => {
    const needle = value.toLowerCase();
    return longEnough(value) ? lower.includes(needle) : lower === needle;
  });
}

/**
 * A JSON value with every string that names the member replaced by
 * {@link REMOVED}: the same shape, keys and other values, which is all the
 * audit log's trigger lets the purge change (migration 0027).
 */
export function redactedJson(value: unknown, personal: readonly string[]): unknown {
  if (typeof value === 'string') return namesMember(value, personal) ? REMOVED : value;
  if (Array.isArray(value)) return value.map((item) => redactedJson(item, personal));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactedJson(item, personal)]),
    );
  }
  return value;
}

/** An ILIKE pattern that matches the value as {@link namesMember} does. */
function likePattern(value: string): string {
  const escaped = value.replace(/[\\%_]/g, (character) => `\\${character}`);
  return longEnough(value) ? `%${escaped}%` : escaped;
}

/** `(agent_id, pattern)` rows: each member's values as ILIKE patterns. */
function patternRows(members: readonly PurgedMember[]): SQL {
  return sql.join(
    members.flatMap((member) =>
      member.personal.map((value) => sql`(${member.id}::int, ${likePattern(value)}::text)`),
    ),
    sql`, `,
  );
}

/**
 * The books of members about to be purged, anonymised in the purge's
 * transaction (before their row becomes a tombstone): the member number
 * becomes the pseudonym where a record keeps it (bookings, archived
 * balances); delivery addresses are emptied; ledger descriptions, order
 * errors and the provider's answers that name the member become
 * {@link REMOVED}. Amounts, dates, states and keys stay as they are.
 */
export async function anonymiseBooks(
  tx: Transaction,
  members: readonly PurgedMember[],
): Promise<void> {
  if (members.length === 0) return;
  const numbers = sql.join(
    members.map(
      (member) => sql`(${member.id}::int, ${member.number}::text, ${member.pseudonym}::text)`,
    ),
    sql`, `,
  );
  const ids = sql`array[${sql.join(
    members.map((member) => sql`${member.id}::int`),
    sql`, `,
  )}]`;
  await tx.execute(sql`
    update bookings b set member_number = v.pseudonym
    from (values ${numbers}) as v(agent_id, number, pseudonym)
    where b.member_number = v.number or b.agent_id = v.agent_id`);
  await tx.execute(sql`
    update point_archives a set member_number = v.pseudonym
    from (values ${numbers}) as v(agent_id, number, pseudonym)
    where a.member_number = v.number`);
  await tx.execute(sql`
    update gift_orders set delivery_address = ''
    where agent_id = any(${ids}) and delivery_address <> ''`);
  if (members.every((member) => member.personal.length === 0)) return;
  const patterns = patternRows(members);
  await tx.execute(sql`
    update point_entries e set description = ${REMOVED}
    from (values ${patterns}) as v(agent_id, pattern)
    where e.agent_id = v.agent_id and e.description ilike v.pattern`);
  await tx.execute(sql`
    update gift_orders o set last_error = ${REMOVED}
    from (values ${patterns}) as v(agent_id, pattern)
    where o.agent_id = v.agent_id and o.last_error ilike v.pattern`);
  await tx.execute(sql`
    update gift_order_attempts a set answer = ${REMOVED}
    from gift_orders o, (values ${patterns}) as v(agent_id, pattern)
    where a.order_id = o.id and o.agent_id = v.agent_id and a.answer ilike v.pattern`);
}

type AuditRow = {
  id: number | string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/**
 * The audit entries about purged members (after their rows became
 * tombstones): each names the pseudonym instead of the number, and text in
 * it that names the member becomes {@link REMOVED}. The one change of an
 * entry the audit log's trigger allows, once (migration 0027).
 */
export async function pseudonymiseAudit(
  tx: Transaction,
  members: readonly PurgedMember[],
): Promise<void> {
  if (members.length === 0) return;
  const byNumber = new Map(members.map((member) => [member.number, member]));
  const rows = rowsOf<AuditRow>(
    await tx.execute(sql`
      select id, target, before, after, reason from audit_entries
      where target_type = 'member' and target = any(array[${sql.join(
        members.map((member) => sql`${member.number}::text`),
        sql`, `,
      )}])`),
  );
  if (rows.length === 0) return;
  const values = rows.map((row) => {
    const member = byNumber.get(row.target)!;
    const json = (value: unknown) =>
      value === null ? null : JSON.stringify(redactedJson(value, member.personal));
    const reason =
      row.reason !== null && namesMember(row.reason, member.personal) ? REMOVED : row.reason;
    return sql`(${Number(row.id)}::bigint, ${member.pseudonym}::text, ${json(row.before)}::jsonb, ${json(row.after)}::jsonb, ${reason}::text)`;
  });
  await tx.execute(sql`
    update audit_entries a
    set target = v.target, before = v.before, after = v.after, reason = v.reason
    from (values ${sql.join(values, sql`, `)}) as v(id, target, before, after, reason)
    where a.id = v.id`);
}
