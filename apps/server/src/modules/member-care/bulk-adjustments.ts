import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  BULK_FILE_MAX_LINES,
  type BulkAdjustmentLine,
  type BulkAdjustmentsAnswer,
} from '@club/contract/staff-bulk';
import { notEnoughPointsMessage, PointAdjustmentSchema } from '@club/contract/staff-members';
import type { Database } from '../../db/client.js';
import { cellText, readCsv } from '../../lib/csv-read.js';
import { agents } from '../agents/schema.js';
import type { AuditActor } from '../audit/audit-log.js';
import {
  AdjustmentLimitReached,
  applyPointsAdjustment,
  type DailyAdjustmentLimit,
} from '../points/adjustments/adjust-points.js';
import { LedgerSession, NotEnoughPoints } from '../points/ledger.js';
import { pointAdjustments, pointBalances } from '../points/schema.js';

/** Who sends the file: their actor, countries (null: every one) and the support limit, if any. */
export type BulkStaff = {
  actor: AuditActor;
  countries: readonly string[] | null;
  dailyLimit: DailyAdjustmentLimit | undefined;
};

/** The file cannot be read as a whole (too many lines): nothing of it is checked. */
export class BulkFileRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BulkFileRefused';
  }
}

/** The support limit's refusal, in the single adjustment's words. */
export const supportLimitMessage = (limit: number, used: number) =>
  `Support adjusts at most ${limit} points per member a day: ${Math.max(0, limit - used)} left for this member today`;

type ReadLine = {
  line: number;
  number: string;
  pointsText: string;
  points: number | null;
  reason: string;
  problem: string | null;
};

const headerWords = /member|number|points|reason|αριθμ|πόντ|mitglied|punkte/i;

/** The file's data lines: member number, points, reason; a first line of column names is left out. */
function readLines(file: string): ReadLine[] {
  const rows = readCsv(file);
  const first = rows[0];
  if (
    first !== undefined &&
    !/^\d+$/.test(cellText(first.cells[0])) &&
    headerWords.test(first.cells.join(' '))
  ) {
    rows.shift();
  }
  if (rows.length > BULK_FILE_MAX_LINES) {
    throw new BulkFileRefused(
      `The file has ${rows.length.toLocaleString('en-GB')} lines: at most ${BULK_FILE_MAX_LINES.toLocaleString('en-GB')} a file (split it)`,
    );
  }
  return rows.map(({ line, cells }) => {
    const number = cellText(cells[0]);
    const pointsText = cellText(cells[1]).replace(/^\+/, '');
    const reason = cellText(cells[2]);
    const read: ReadLine = { line, number, pointsText, points: null, reason, problem: null };
    if (cells.length > 3 && cells.slice(3).some((cell) => cell.trim() !== '')) {
      read.problem =
        'More than three columns: member number, points, reason (put a reason holding the separator in quotes)';
      return read;
    }
    if (!/^\d{1,20}$/.test(number)) {
      read.problem = 'The member number is missing or not digits';
      return read;
    }
    const parsed = PointAdjustmentSchema.safeParse({ points: pointsText, reason });
    if (/^-?\d{1,9}$/.test(pointsText)) read.points = Number(pointsText);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      read.problem = `${issue?.path[0] === 'reason' ? 'Reason' : 'Points'}: ${issue?.message ?? 'not valid'}`;
      return read;
    }
    read.points = parsed.data.points;
    read.reason = parsed.data.reason;
    return read;
  });
}

/** The same lines make the same key, whatever the separator, quotes or line ends of the file. */
function fileKeyOf(lines: readonly ReadLine[]): string {
  const canonical = JSON.stringify(
    lines.map((line) => [line.number, line.pointsText, line.reason]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The adjustment reference of a file's `index`th data line: a file applied twice finds its first taken. */
const referenceOf = (fileKey: string, index: number) => `bulk-${fileKey}-${index + 1}`;

type Member = { id: number; number: string; countryCode: string; name: string };

async function membersOf(
  db: Database,
  numbers: readonly string[],
  countries: readonly string[] | null,
): Promise<Map<string, Member>> {
  const found = new Map<string, Member>();
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return found;
  const rows = await db
    .select({
      id: agents.id,
      number: agents.number,
      countryCode: agents.countryCode,
      firstName: agents.firstName,
      lastName: agents.lastName,
    })
    .from(agents)
    .where(and(inArray(agents.number, unique), ne(agents.status, 'purged')));
  for (const row of rows) {
    if (row.number === null) continue;
    if (countries !== null && !countries.includes(row.countryCode)) continue;
    found.set(row.number, {
      id: row.id,
      number: row.number,
      countryCode: row.countryCode,
      name: `${row.firstName} ${row.lastName}`.trim(),
    });
  }
  return found;
}

/** Who applied the file with this key, if anyone did. */
async function appliedAlready(db: Database, fileKey: string) {
  const [row] = await db
    .select({ actor: pointAdjustments.actor, at: pointAdjustments.createdAt })
    .from(pointAdjustments)
    .where(eq(pointAdjustments.reference, referenceOf(fileKey, 0)));
  return row === undefined ? null : { at: row.at.toISOString(), by: row.actor ?? 'unknown' };
}

type Checked = {
  answer: BulkAdjustmentsAnswer;
  read: ReadLine[];
  members: Map<string, Member>;
  /** A refused line passes the support limit (the role's limit: 403 rather than 400). */
  overLimit: boolean;
};

/**
 * Checks every line as the single adjustment would, in the file's order,
 * without writing: the member (of the staff member's countries), whole points
 * other than 0 and a reason, a debit never more than is available once the
 * file's earlier lines for the member are counted, and the support limit per
 * member per day with what support adjusted for them today.
 */
async function check(
  db: Database,
  file: string,
  staff: BulkStaff,
  today: string,
): Promise<Checked> {
  const read = readLines(file);
  const fileKey = fileKeyOf(read);
  const members = await membersOf(
    db,
    read.filter((line) => line.problem === null).map((line) => line.number),
    staff.countries,
  );
  const ids = [...members.values()].map((member) => member.id);
  const available = new Map<number, number>();
  const usedToday = new Map<number, number>();
  if (ids.length > 0) {
    for (const row of await db
      .select({ agentId: pointBalances.agentId, available: pointBalances.available })
      .from(pointBalances)
      .where(inArray(pointBalances.agentId, ids))) {
      available.set(row.agentId, row.available);
    }
    if (staff.dailyLimit !== undefined) {
      for (const row of await db
        .select({
          agentId: pointAdjustments.agentId,
          used: sql<number>`coalesce(sum(abs(${pointAdjustments.points})), 0)::int`,
        })
        .from(pointAdjustments)
        .where(
          and(
            inArray(pointAdjustments.agentId, ids),
            isNotNull(pointAdjustments.supportLimitDay),
            eq(pointAdjustments.supportLimitDay, today),
          ),
        )
        .groupBy(pointAdjustments.agentId)) {
        usedToday.set(row.agentId, Number(row.used));
      }
    }
  }
  let overLimit = false;
  const lines: BulkAdjustmentLine[] = read.map((entry) => {
    const member = members.get(entry.number);
    const line: BulkAdjustmentLine = {
      line: entry.line,
      number: entry.number,
      points: entry.points,
      reason: entry.reason,
      outcome: 'refused',
      message: entry.problem,
      memberName: member?.name ?? null,
      availableBefore: null,
      availableAfter: null,
    };
    if (entry.problem !== null) return line;
    if (member === undefined) {
      line.message = `No member ${entry.number} in your countries`;
      return line;
    }
    const points = entry.points!;
    const before = available.get(member.id) ?? 0;
    line.availableBefore = before;
    if (points < 0 && -points > before) {
      line.message = notEnoughPointsMessage(before);
      return line;
    }
    if (staff.dailyLimit !== undefined) {
      const limit = staff.dailyLimit.pointsPerMemberPerDay;
      const used = usedToday.get(member.id) ?? 0;
      if (used + Math.abs(points) > limit) {
        line.message = supportLimitMessage(limit, used);
        overLimit = true;
        return line;
      }
      usedToday.set(member.id, used + Math.abs(points));
    }
    available.set(member.id, before + points);
    line.availableAfter = before + points;
    line.outcome = 'ok';
    line.message = null;
    return line;
  });
  const ok = lines.filter((line) => line.outcome === 'ok');
  return {
    read,
    members,
    overLimit,
    answer: {
      fileKey,
      lines,
      ok: ok.length,
      refused: lines.length - ok.length,
      credited: ok.reduce((sum, line) => sum + Math.max(0, line.points!), 0),
      debited: ok.reduce((sum, line) => sum - Math.min(0, line.points!), 0),
      applied: await appliedAlready(db, fileKey),
    },
  };
}

/** The preview: every line's outcome, nothing written. */
export async function previewBulkAdjustments(
  db: Database,
  file: string,
  staff: BulkStaff,
  today: string,
): Promise<BulkAdjustmentsAnswer> {
  return (await check(db, file, staff, today)).answer;
}

export type BulkApplyResult =
  | { kind: 'applied'; answer: BulkAdjustmentsAnswer }
  /** A file with these lines was applied already: nothing is applied again. */
  | { kind: 'applied-already'; answer: BulkAdjustmentsAnswer }
  /** Some line is refused (`overLimit`: by the support limit): nothing is applied. */
  | { kind: 'refused'; answer: BulkAdjustmentsAnswer; overLimit: boolean };

/** Thrown inside the transaction when a line's reference is taken: a file applied at the same moment. */
class FileTaken extends Error {}

/**
 * Applies the whole file or nothing, in one transaction: each line is one
 * adjustment through applyPointsAdjustment (its ledger entry, its
 * `point_adjustments` row and its own `member.adjust-points` audit entry),
 * with the reference `bulk-{fileKey}-{n}`, so the same lines sent again find
 * their first reference taken and apply nothing. Every member's balance is
 * locked first, in member order (as every ledger change locks them), so a
 * file and an order or another file at the same time wait for each other
 * and never deadlock; each line then checks the balance and the support
 * limit under the lock, and any refusal rolls the whole file back.
 */
export async function applyBulkAdjustments(
  db: Database,
  file: string,
  staff: BulkStaff,
  today: string,
): Promise<BulkApplyResult> {
  const checked = await check(db, file, staff, today);
  if (checked.answer.applied !== null) return { kind: 'applied-already', answer: checked.answer };
  if (checked.answer.refused > 0) {
    return { kind: 'refused', answer: checked.answer, overLimit: checked.overLimit };
  }
  const { fileKey } = checked.answer;
  try {
    const results = await db.transaction(async (tx) => {
      await LedgerSession.lock(
        tx,
        [...checked.members.values()].map((member) => member.id),
      );
      const applied = [];
      for (const [index, line] of checked.read.entries()) {
        const member = checked.members.get(line.number)!;
        const result = await applyPointsAdjustment(
          tx,
          staff.actor,
          member,
          { points: line.points!, reason: line.reason, reference: referenceOf(fileKey, index) },
          today,
          staff.dailyLimit,
        );
        if (result === null) throw new FileTaken();
        applied.push(result);
      }
      return applied;
    });
    const lines = checked.answer.lines.map((line, index) => ({
      ...line,
      availableBefore: results[index]!.before,
      availableAfter: results[index]!.after,
    }));
    return {
      kind: 'applied',
      answer: { ...checked.answer, lines, applied: await appliedAlready(db, fileKey) },
    };
  } catch (error) {
    // Something changed since the check (an order, another adjustment, the same file at
    // once): nothing was written; the lines as they stand now say what.
    const again = await check(db, file, staff, today);
    if (again.answer.applied !== null) return { kind: 'applied-already', answer: again.answer };
    if (again.answer.refused > 0) {
      return { kind: 'refused', answer: again.answer, overLimit: again.overLimit };
    }
    if (error instanceof FileTaken) return { kind: 'applied-already', answer: again.answer };
    // Refused under the lock though the lines read well now (points lapsed in between):
    // the file is refused as a whole, and sent again it is checked anew.
    if (error instanceof NotEnoughPoints || error instanceof AdjustmentLimitReached) {
      return {
        kind: 'refused',
        answer: again.answer,
        overLimit: error instanceof AdjustmentLimitReached,
      };
    }
    throw error;
  }
}
