/**
 * The club's side of the fault suite: the built server as a child process
 * (killed with its process group, also when the suite fails), the data the
 * scenarios start from, and the calls they make through the real HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { loadContent } from '../apps/server/src/modules/content/load-content.ts';
import { loadOffices } from '../apps/server/src/modules/offices/load-offices.ts';
import { gifts, giftTexts, memberTaxInfo } from '../apps/server/src/modules/gifts/schema.ts';
import { dayOf } from '../apps/server/src/modules/points/calendar-days.ts';
import { createAgent, openGiftOrdering } from '../apps/server/src/testing/factories.ts';
import { creditAdditional } from '../apps/server/src/testing/points-data.ts';
import { dataOf, HttpClient, onExit, waitFor, type Answer } from './support.ts';

export const root = join(import.meta.dirname, '..');
const serverScript = join(root, 'apps/server/dist/server.js');

/** Variables every scenario sets, so that nothing leaks in from the caller's environment. */
const baseEnvironment: Record<string, string> = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PRODUCTION: 'false',
  SMTP_URL: '',
  VOUCHER_PROVIDER: 'manual',
  VOUCHER_PROVIDER_URL: '',
  VOUCHER_PROVIDER_KEY: '',
  ORDER_PARTNER_OFF: 'false',
  PARTNER_PROGRAMME_URL: '',
  BOOKING_QUEUE_API_KEY: '',
  CONTENT_DIR: join(root, 'content'),
};

/**
 * One club server process (`apps/server/dist/server.js`), started on its own
 * port against the scenario's database. `kill()` is `kill -9` of its process
 * group; whatever still runs at exit is killed the same way.
 */
const servers = new Set<ClubServer>();

/** Kills every club server still running (a scenario that broke off leaves none behind for the next). */
export async function killServers(): Promise<void> {
  for (const server of servers) await server.kill();
}

export class ClubServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private unregister: (() => void) | undefined;
  readonly http: HttpClient;
  readonly logFile: string;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    logDir: string,
    /** When the process counts as started; by default when it serves the layout. */
    private readonly isReady: (http: HttpClient) => Promise<boolean> = servesLayout,
  ) {
    this.http = new HttpClient(`http://127.0.0.1:${port}`);
    this.logFile = join(logDir, `${name}.log`);
    servers.add(this);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** Starts the process and waits until it is ready (by default: migrations and content done). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) return;
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [serverScript], {
      env: { ...process.env, ...baseEnvironment, PORT: String(this.port), ...this.env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    this.child = child;
    this.starts += 1;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.unregister = onExit(`club server ${this.name}`, () => killGroup(child));
    this.http.reset();
    let ready = false;
    const exitedEarly = this.exited.then(() => {
      if (!ready) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.logTail()}`);
    });
    try {
      const answering = waitFor(
        `${this.name} to answer on port ${this.port}`,
        async () => {
          if (ready) return true; // given up: the process exited
          return this.isReady(this.http);
        },
        { timeoutMs, intervalMs: 100 },
      );
      await Promise.race([answering, exitedEarly]);
      ready = true;
    } catch (error) {
      ready = true;
      await this.kill();
      throw error;
    }
  }

  /** `kill -9`: the process dies wherever it is, with transactions open and answers unsent. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    killGroup(child);
    await this.exited;
    this.unregister?.();
    this.child = undefined;
    this.http.reset();
  }

  /** SIGTERM, as an operator stops it; `kill -9` if it has not ended within 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    if (this.running) child.kill('SIGTERM');
    const timer = setTimeout(() => killGroup(child), 10_000);
    await this.exited;
    clearTimeout(timer);
    killGroup(child);
    this.unregister?.();
    this.child = undefined;
    this.http.reset();
  }

  logTail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Lines of the server's log mentioning `text` (pino JSON lines). */
  logCount(text: string): number {
    try {
      return readFileSync(this.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes(text)).length;
    } catch {
      return 0;
    }
  }
}

async function servesLayout(http: HttpClient): Promise<boolean> {
  const answer = await http.call('/s2c/content/v1/layout/?countryCode=gr&languageCode=eng', {
    timeoutMs: 2000,
  });
  return answer.status === 200;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------- data

export const password = 'faults1password';
/** A counted gift (its stock can run out) and an uncounted one, in Greece. */
export const countedGift = { id: 990_101, points: 7 };
export const uncountedGift = { id: 990_102, points: 3 };

export type SeededMember = { id: number; number: string; email: string; points: number };

/**
 * A migrated database with the demo content and offices, the two fault-suite
 * gifts (ordering open in Greece), and members with verified tax information
 * and the given points. The server started on it afterwards loads no demo
 * members or gifts (it only does so into empty tables).
 */
export async function seedClub(
  url: string,
  options: { memberPoints: number[]; countedStock: number },
): Promise<SeededMember[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const db = database.db;
    await database.migrate();
    await loadContent(db, join(root, 'content'));
    await loadOffices(db, join(root, 'content'));
    await db.insert(gifts).values([
      {
        id: countedGift.id,
        countryCode: 'gr',
        category: 'faults',
        points: countedGift.points,
        stock: options.countedStock,
      },
      {
        id: uncountedGift.id,
        countryCode: 'gr',
        category: 'faults',
        points: uncountedGift.points,
        stock: null,
      },
    ]);
    await db.insert(giftTexts).values(
      [countedGift.id, uncountedGift.id].flatMap((giftId) =>
        ['eng', 'ell'].map((languageCode) => ({
          giftId,
          languageCode,
          description: giftId === countedGift.id ? 'Counted voucher' : 'Open voucher',
        })),
      ),
    );
    await openGiftOrdering(db, 'gr');
    const today = dayOf(Date.now());
    const members: SeededMember[] = [];
    for (const points of options.memberPoints) {
      const member = await createAgent(db, { password, officeId: 'ATHGR2101' });
      await db
        .insert(memberTaxInfo)
        .values({ agentId: member.id, taxOk: true, verifiedAt: new Date() });
      if (points > 0) await creditAdditional(db, member.id, today, points, 'Fault suite points');
      members.push({ id: member.id, number: member.number, email: member.email, points });
    }
    return members;
  } finally {
    await database.close();
  }
}

/** A database connection of the suite's own, to look at what the server left. */
export async function inspect<T>(
  url: string,
  read: (db: Database, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    return await read(handle.db, handle);
  } finally {
    await handle.close();
  }
}

/** Rows of a raw query. */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

// ---------------------------------------------------------------- calls

export async function logIn(http: HttpClient, number: string): Promise<string> {
  const answer = await http.call('/s2c/auth/v1/token/agent', {
    form: { username: number, password },
  });
  const token = dataOf<{ token?: string }>(answer)?.token;
  if (answer.status !== 200 || token === undefined) {
    throw new Error(`login of ${number} answered ${answer.status} ${answer.error}`);
  }
  return token;
}

export type LoggedInMember = SeededMember & { token: string };

/** Logs every seeded member in, one after another (logins are argon2id-bound). */
export async function logInAll(
  http: HttpClient,
  seeded: readonly SeededMember[],
): Promise<LoggedInMember[]> {
  const members: LoggedInMember[] = [];
  for (const member of seeded) members.push({ ...member, token: await logIn(http, member.number) });
  return members;
}

export const newOrderKey = () => `faults-${randomBytes(18).toString('base64url')}`;

export type OrderLines = { giftId: number; quantity: number }[];

export const orderTotal = (lines: OrderLines) =>
  lines.reduce(
    (sum, line) =>
      sum +
      line.quantity * (line.giftId === countedGift.id ? countedGift.points : uncountedGift.points),
    0,
  );

export type RedeemAnswer = {
  ordered: boolean;
  orderId: number | null;
  Refresh: number;
  noneDet: boolean;
  errorText: string;
};

/** Submits the redeem-points form as the web app does. */
export function placeOrder(
  http: HttpClient,
  token: string,
  key: string,
  lines: OrderLines,
  timeoutMs = 15_000,
): Promise<Answer> {
  return http.call('/s2c/content/v1/pages/redeem-points/', {
    token,
    timeoutMs,
    form: {
      countryCode: 'gr',
      languageCode: 'eng',
      listgifts: lines.map((line) => `${line.giftId}:${line.quantity}`).join(','),
      delivery: 'self',
      orderKey: key,
    },
  });
}

/** Random lines: one or both gifts, one to three items each. */
export function randomLines(random: () => number = Math.random): OrderLines {
  const pick = random();
  const quantity = () => 1 + Math.floor(random() * 3);
  if (pick < 0.4) return [{ giftId: countedGift.id, quantity: quantity() }];
  if (pick < 0.7) return [{ giftId: uncountedGift.id, quantity: quantity() }];
  return [
    { giftId: countedGift.id, quantity: quantity() },
    { giftId: uncountedGift.id, quantity: quantity() },
  ];
}
