/**
 * Memory: the club server's resident memory (VmRSS) after 10,000 mixed
 * requests and after a second 10,000 (targets: ≤ 150 MB on PostgreSQL, ≤ 400
 * MB on the embedded database, and no growth over the second 10,000), against
 * a bare Fastify process's RSS after the same count of hello-world requests.
 *
 * The mix is what a club's day sends: guest pages and content calls in every
 * country and language, logins, status reports and point histories, the gift
 * list, a few orders, staff searches and member views, unknown pages. The
 * server starts on an empty database (embedded in a temporary folder, or the
 * empty PostgreSQL database of BENCH_DATABASE_URL) and loads the demo data.
 * A third 10,000 then compares the heap in use after a full collection, which
 * tells a leak from a heap that V8 has let grow before collecting.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoStaff } from '../apps/server/src/modules/staff/demo-staff.ts';
import { totpCode } from '../apps/server/src/modules/staff/totp.ts';
import { benchPort, browserHeaders, startClub, startServer, stopServer } from './lib.ts';

const requestsPerLeg = 10_000;
const concurrency = 8;
const targetsMb = { postgres: 150, embedded: 400 };
/** Growth over the second 10,000 below this is noise (allocator pages, JIT code), not a leak. */
const growthToleranceMb = 10;
const demoPassword = 'demo2026';
const demoMembers = ['9000001', '9000002', '9000003', '9000004', '9000005', '9000006'];

type Call = {
  kind: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};

/** Resident memory of a process (Linux), in MB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function post(base: string, path: string, body: Record<string, string>): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: form,
    body: new URLSearchParams(body).toString(),
  });
}

async function memberToken(base: string, number: string): Promise<string> {
  const response = await post(base, '/s2c/auth/v1/token/agent', {
    username: number,
    password: demoPassword,
  });
  if (!response.ok) throw new Error(`member login answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function staffToken(base: string): Promise<string> {
  const admin = demoStaff.find((staff) => staff.role === 'admin')!;
  const response = await post(base, '/s2c/staff/v1/session', {
    email: admin.email,
    password: admin.password,
    code: totpCode(admin.totpSecret, Date.now()),
  });
  if (!response.ok) throw new Error(`staff login answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Every country's languages, read from its layout. */
async function locales(base: string): Promise<{ country: string; language: string }[]> {
  const found: { country: string; language: string }[] = [];
  for (const country of ['gr', 'at', 'cy', 'ae']) {
    const response = await fetch(`${base}/s2c/content/v1/layout/?countryCode=${country}`);
    if (!response.ok) continue;
    const layout = (await response.json()) as { data: { languages: { code: string }[] } };
    for (const { code } of layout.data.languages) found.push({ country, language: code });
  }
  return found;
}

/** The cheapest gift of Greece, for the few orders. */
async function cheapestGift(base: string, token: string): Promise<number | undefined> {
  const response = await fetch(`${base}/s2c/content/v1/pages/gifts/?countryCode=gr`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) return undefined;
  const text = await response.text();
  const ids = [...text.matchAll(/"id":(\d+)/g)].map((match) => Number(match[1]));
  return ids[0];
}

/** One round of the mix, 100 calls; the caller repeats it. */
function mixRound(
  round: number,
  places: { country: string; language: string }[],
  members: { number: string; token: string }[],
  staff: string,
  giftId: number | undefined,
): Call[] {
  const calls: Call[] = [];
  const member = members[round % members.length]!;
  const bearer = { authorization: `Bearer ${member.token}` };
  const staffBearer = { authorization: `Bearer ${staff}` };
  for (let i = 0; i < 60; i++) {
    const { country, language } = places[(round + i) % places.length]!;
    const query = `?countryCode=${country}&languageCode=${language}`;
    const page = ['faq', 'cookies-policy', 'registration', 'forgot-password'][i % 4]!;
    calls.push(
      i % 3 === 0
        ? { kind: 'layout', path: `/s2c/content/v1/layout/${query}` }
        : { kind: 'content page', path: `/s2c/content/v1/pages/${page}/${query}` },
    );
  }
  for (let i = 0; i < 6; i++) calls.push({ kind: 'page view', path: i % 2 ? '/' : '/gr/faq' });
  for (let i = 0; i < 12; i++) {
    calls.push({
      kind: 'status report',
      path: `/s2c/auth/v1/agent-points?number=${member.number}`,
      headers: bearer,
    });
  }
  for (let i = 0; i < 4; i++) {
    calls.push({
      kind: 'points history',
      path: `/s2c/auth/v1/agent-points/history?number=${member.number}`,
      headers: bearer,
    });
    calls.push({
      kind: 'gift list',
      path: `/s2c/content/v1/pages/gifts/?countryCode=gr`,
      headers: bearer,
    });
  }
  calls.push({
    kind: 'login',
    path: '/s2c/auth/v1/token/agent',
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ username: member.number, password: demoPassword }).toString(),
  });
  for (const path of [
    `/s2c/staff/v1/members?query=${900000 + (round % 10)}`,
    `/s2c/staff/v1/members?query=demo`,
    `/s2c/staff/v1/members/${member.number}`,
    '/s2c/staff/v1/orders',
    '/s2c/staff/v1/audit',
  ]) {
    calls.push({ kind: 'staff call', path, headers: staffBearer });
  }
  calls.push({ kind: 'unknown page', path: `/s2c/content/v1/pages/no-such-page-${round % 7}/` });
  // A few orders: one every fifth round, by the first (Greek, tax-checked) member.
  if (giftId !== undefined && round % 5 === 0) {
    calls.push({
      kind: 'order',
      path: '/s2c/content/v1/pages/redeem-points/',
      method: 'POST',
      headers: { ...form, authorization: `Bearer ${members[0]!.token}` },
      body: new URLSearchParams({
        countryCode: 'gr',
        languageCode: 'eng',
        listgifts: `${giftId}:1`,
        delivery: 'self',
        orderKey: `bench-memory-${Date.now()}-${round}`,
      }).toString(),
    });
  }
  while (calls.length < 100) calls.push({ kind: 'layout', path: '/s2c/content/v1/layout/' });
  return calls.slice(0, 100);
}

/** Sends `count` calls, `concurrency` at a time; answers the count of answers by kind and status. */
async function drive(
  base: string,
  count: number,
  next: (index: number) => Call,
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      const call = next(sent++);
      const response = await fetch(`${base}${call.path}`, {
        method: call.method ?? 'GET',
        headers: { 'accept-encoding': browserHeaders['accept-encoding'], ...call.headers },
        body: call.body,
      }).catch(() => undefined);
      await response?.arrayBuffer();
      const key = `${call.kind} ${response?.status ?? 'failed'}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

export async function memoryFigures(root: string): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const where = databaseUrl === undefined ? 'embedded' : 'postgres';
  const target = targetsMb[where];

  const barePort = benchPort(21);
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bare = await startServer(
    [join(root, 'bench/baseline-server.mjs')],
    { PORT: String(barePort) },
    `${bareBase}/`,
  );
  const bareRss: number[] = [];
  try {
    for (let leg = 0; leg < 2; leg++) {
      await drive(bareBase, requestsPerLeg, () => ({ kind: 'hello', path: '/' }));
      bareRss.push(residentMb(bare.pid!));
    }
  } finally {
    stopServer(bare);
  }

  const port = benchPort(22);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'club-bench-memory-'));
  const club = await startClub(root, port, dataDir, {
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    env: { VOUCHER_PROVIDER: 'manual', BENCH_ROUTES: 'true' },
    // Only for POST /bench/full-collection, after the two judged legs.
    nodeFlags: ['--expose-gc'],
  });
  try {
    const startRss = residentMb(club.pid!);
    const places = await locales(base);
    const members: { number: string; token: string }[] = [];
    for (const number of demoMembers)
      members.push({ number, token: await memberToken(base, number) });
    const staff = await staffToken(base);
    const giftId = await cheapestGift(base, members[0]!.token);
    const clubRss: number[] = [];
    const answers = new Map<string, number>();
    const liveHeap: number[] = [];
    // Legs one and two are judged by resident memory; after them, each leg ends with a full
    // collection, and the heap still in use after a third leg tells a leak from a heap V8 let grow.
    for (let leg = 0; leg < 3; leg++) {
      let round: Call[] = [];
      const statuses = await drive(base, requestsPerLeg, (index) => {
        if (index % 100 === 0)
          round = mixRound(leg * 100 + index / 100, places, members, staff, giftId);
        return round[index % 100]!;
      });
      for (const [key, n] of statuses) answers.set(key, (answers.get(key) ?? 0) + n);
      clubRss.push(residentMb(club.pid!));
      if (leg >= 1) liveHeap.push(await heapAfterFullCollection(base));
    }
    const [first, second] = clubRss as [number, number];
    const growth = second - first;
    const mb = (value: number) => `${value.toFixed(0)} MB`;
    console.log(
      `bare Fastify process after ${requestsPerLeg} and ${2 * requestsPerLeg} hello-world requests: ${mb(bareRss[0]!)}, ${mb(bareRss[1]!)}`,
    );
    console.log(
      `answers of the mix (${places.length} countries and languages): ${[...answers]
        .sort()
        .map(([key, n]) => `${key}: ${n}`)
        .join(', ')}`,
    );
    console.log(
      `server resident memory (${where === 'embedded' ? 'embedded database' : 'PostgreSQL'}): ${mb(startRss)} at start, ${mb(first)} after ${requestsPerLeg} mixed requests -> ratio ${(first / bareRss[0]!).toFixed(1)} to the bare process (target <= ${target} MB: ${first <= target ? 'within' : 'OVER'})`,
    );
    console.log(
      `  after ${2 * requestsPerLeg}: ${mb(second)} -> ratio ${(second / bareRss[1]!).toFixed(1)}, growth over the second ${requestsPerLeg} ${growth.toFixed(1)} MB (target: no growth, within ${growthToleranceMb} MB: ${growth <= growthToleranceMb && second <= target ? 'within' : 'OVER'})`,
    );
    const [afterSecond, afterThird] = liveHeap as [number, number];
    console.log(
      `  heap in use after a full collection: ${mb(afterSecond)} after ${2 * requestsPerLeg}, ${mb(afterThird)} after a third ${requestsPerLeg} -> growth ${(afterThird - afterSecond).toFixed(1)} MB (what the process keeps; the rest of its heap is room V8 leaves before collecting)`,
    );
  } finally {
    stopServer(club);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The server's heap in use after a full garbage collection, in MB (BENCH_ROUTES, --expose-gc). */
async function heapAfterFullCollection(base: string): Promise<number> {
  const response = await fetch(`${base}/bench/full-collection`, { method: 'POST' });
  if (!response.ok) throw new Error(`full collection answered ${response.status}`);
  const { data } = (await response.json()) as { data: { heapUsedBytes: number } };
  return data.heapUsedBytes / 1024 / 1024;
}
