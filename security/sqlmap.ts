/**
 * `npm run test:sqlmap`: sqlmap (Debian package `sqlmap`) against every call
 * of the club that takes parameters, on the built server with a throwaway
 * database on loopback: `--batch --level=5 --risk=3`, the PostgreSQL
 * payloads. Prints each target's verdict and exits 1 if anything is
 * injectable (or a target could not be tested).
 *
 * The database is a fresh embedded one in a temporary folder, or the empty
 * PostgreSQL database of SQLMAP_DATABASE_URL. The server runs with its demo
 * data; member calls carry a demo member's bearer token. SQLMAP_TARGETS=a,b
 * runs only the named targets; SQLMAP_LEVEL / SQLMAP_RISK lower the depth for
 * a quick look.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, stopServer } from '../bench/lib.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.SQLMAP_PORT ?? 3950);
const base = `http://127.0.0.1:${port}`;
const level = process.env.SQLMAP_LEVEL ?? '5';
const risk = process.env.SQLMAP_RISK ?? '3';
const queueKey = 'sqlmap-booking-queue-key-0123456789';
const demo = { number: '9000001', password: 'demo2026' };
const locale = 'countryCode=gr&languageCode=eng';

type Target = {
  name: string;
  /** URL; `*` marks a path parameter to test. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  /** Form-encoded body (or JSON with `json`). */
  data?: string;
  json?: boolean;
  member?: boolean;
  headers?: string[];
};

function targets(member: { id: number; number: string }, giftId: number): Target[] {
  const office = 'ATHGR2101';
  return [
    { name: 'layout', url: `${base}/s2c/content/v1/layout/?${locale}` },
    { name: 'page', url: `${base}/s2c/content/v1/pages/faq/?${locale}&category=a` },
    { name: 'page-name', url: `${base}/s2c/content/v1/pages/faq*/?${locale}` },
    { name: 'texts', url: `${base}/s2c/content/v1/texts?key=agencyOptIn&${locale}` },
    {
      name: 'points-search',
      url: `${base}/s2c/content/v1/pages/points/?${locale}&searchBy=date&fromDate=2026-01-01&toDate=2026-12-31&pnrSearch=ABC123&details=1`,
      member: true,
    },
    {
      name: 'gifts',
      url: `${base}/s2c/content/v1/pages/gifts/?${locale}&category=vouchers`,
      member: true,
    },
    {
      name: 'redeem-page',
      url: `${base}/s2c/content/v1/pages/redeem-points/?${locale}&sel_gifts[${giftId}]=1`,
      member: true,
    },
    {
      name: 'redeem-order',
      url: `${base}/s2c/content/v1/pages/redeem-points/`,
      method: 'POST',
      data: `${locale}&listgifts=${giftId}:1&delivery=send&giftDeliveryAddress=Street+1&orderKey=sqlmapOrderKey0000000000000000000`,
      member: true,
    },
    {
      name: 'retrieve-password',
      url: `${base}/s2c/content/v1/pages/retrieve-password/`,
      method: 'POST',
      data: `${locale}&email=eleni%40demo.example`,
    },
    {
      name: 'email-change-confirm',
      url: `${base}/s2c/content/v1/pages/email-change-confirm/`,
      method: 'POST',
      data: `${locale}&token=abcdefghijklmnopqrstuvwxyz0123456789abcdefg`,
    },
    { name: 'agent', url: `${base}/s2c/auth/v1/agents/${member.id}*`, member: true },
    {
      name: 'profile-update',
      url: `${base}/s2c/auth/v1/agents/${member.id}`,
      method: 'PUT',
      data: 'firstName=Eleni&lastName=Demo&email=eleni%40demo.example&phone=2101234567&title=ms&oldPassword=',
      member: true,
    },
    {
      name: 'agent-points',
      url: `${base}/s2c/auth/v1/agent-points?number=${member.number}`,
      member: true,
    },
    { name: 'office', url: `${base}/s2c/auth/v1/offices/${office}*/gr*` },
    {
      name: 'enroll-notify',
      url: `${base}/s2c/auth/v1/offices/ATHGR2102/gr/enroll/notify`,
      method: 'POST',
      data: 'email=agent%40example.com',
    },
    {
      name: 'registration',
      url: `${base}/s2c/auth/v1/agents`,
      method: 'POST',
      data: `countryCode=gr&languageCode=eng&officeId=${office}&firstName=Nikos&lastName=Test&title=mr&email=nikos%40example.com&password=secret123&passwordRepeat=secret123&agree=true`,
    },
    {
      name: 'login',
      url: `${base}/s2c/auth/v1/token/agent`,
      method: 'POST',
      data: 'username=9000001&password=wrong123',
    },
    {
      name: 'agency-link',
      url: `${base}/s2c/auth/v1/agency/state-change-request?s=abcdefghijklmnop&c=abcdefghijklmnopqrstuvwxyz0123456789abcdefg`,
    },
    {
      name: 'agency-change',
      url: `${base}/s2c/auth/v1/agency/state-change-request`,
      method: 'POST',
      data: 's=abcdefghijklmnop&c=abcdefghijklmnopqrstuvwxyz0123456789abcdefg&firstName=Maria&lastName=M&email=m%40example.com&comment=x',
    },
    {
      name: 'booking-queue',
      url: `${base}/s2c/bookings/v1/queue`,
      method: 'POST',
      json: true,
      data: JSON.stringify({
        pnr: 'SQLMAP',
        officeId: office,
        createdOn: '2026-10-01',
        remarks: [`RM*AMA ${member.number}`],
        segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: '2026-10-02' }],
      }),
      headers: [`Authorization: ApiKey ${queueKey}`],
    },
  ];
}

async function logIn(): Promise<{ id: number; number: string; token: string }> {
  const response = await fetch(`${base}/s2c/auth/v1/token/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: demo.number, password: demo.password }).toString(),
  });
  if (!response.ok) throw new Error(`demo login answered ${response.status}`);
  const { data } = (await response.json()) as { data: { token: string; user: { id: number } } };
  return { id: data.user.id, number: demo.number, token: data.token };
}

async function firstGiftId(token: string): Promise<number> {
  const response = await fetch(`${base}/s2c/content/v1/pages/gifts/?${locale}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await response.json()) as { data: { Gifts: { id: number }[] } };
  const gift = data.Gifts[0];
  if (gift === undefined) throw new Error('the demo catalogue has no gift in gr');
  return gift.id;
}

type Verdict = 'not injectable' | 'INJECTABLE' | 'not tested';

function runSqlmap(target: Target, token: string, outputDir: string): Promise<Verdict> {
  const headers = [...(target.headers ?? [])];
  if (target.member) headers.push(`Authorization: Bearer ${token}`);
  if (target.json) headers.push('Content-Type: application/json');
  const args = [
    '-u',
    target.url,
    '--batch',
    `--level=${level}`,
    `--risk=${risk}`,
    '--dbms=PostgreSQL',
    '--threads=4',
    '--time-sec=2',
    '--flush-session',
    '--disable-coloring',
    `--output-dir=${outputDir}`,
    // Login and enrol answers change with the limits they keep; compare texts, not pages.
    '--text-only',
    // Refusals are answers too: bad values give 400/404, a wrong password 401, limits 429.
    '--ignore-code=400,401,403,404,429',
  ];
  if (target.method) args.push(`--method=${target.method}`);
  if (target.data) args.push(`--data=${target.data}`);
  if (headers.length > 0) args.push(`--headers=${headers.join('\n')}`);
  return new Promise((done) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', () => done('not tested'));
    child.on('close', () => {
      if (/identified the following injection point|is vulnerable/i.test(output)) {
        console.log(output);
        done('INJECTABLE');
      } else if (/do not appear to be injectable|does not seem to be injectable/i.test(output)) {
        done('not injectable');
      } else {
        console.log(output.split('\n').slice(-15).join('\n'));
        done('not tested');
      }
    });
  });
}

const databaseUrl = process.env.SQLMAP_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'club-sqlmap-'));
const outputDir = mkdtempSync(join(tmpdir(), 'club-sqlmap-out-'));
const server = await startServer(
  [join(root, 'apps/server/dist/server.js')],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    BOOKING_QUEUE_API_KEY: queueKey,
    // sqlmap sends thousands of requests from one address.
    LOGIN_ADDRESS_FREE_FAILURES: '1000000',
    REGISTRATION_ADDRESS_FREE_ATTEMPTS: '1000000',
    ENROLL_ADDRESS_FREE_REQUESTS: '1000000',
    ENROLL_NOTIFY_OFFICE_FREE_REQUESTS: '1000000',
    // Its payloads would fill an office's waiting list, whose answer then changes.
    ENROLL_NOTIFY_MAX_WAITING: '1000000',
    // The guest email forms answer no sooner than this (a timing defence, not
    // an injection one): at 400 ms a request, level 5 would take hours.
    GUEST_FORM_ANSWER_MS: '1',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  },
  `${base}/s2c/content/v1/layout/?${locale}`,
);
let failed = false;
try {
  const member = await logIn();
  const giftId = await firstGiftId(member.token);
  const only = process.env.SQLMAP_TARGETS?.split(',');
  const chosen = targets(member, giftId).filter((t) => !only || only.includes(t.name));
  console.log(
    `sqlmap --level=${level} --risk=${risk} against ${chosen.length} calls on ${databaseUrl === undefined ? 'the embedded database' : 'PostgreSQL'}`,
  );
  for (const target of chosen) {
    const started = Date.now();
    const verdict = await runSqlmap(target, member.token, outputDir);
    if (verdict !== 'not injectable') failed = true;
    console.log(
      `${target.name.padEnd(18)} ${(target.method ?? 'GET').padEnd(4)} ${verdict} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
} finally {
  stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outputDir, { recursive: true, force: true });
}
console.log(failed ? 'sqlmap: FAILED (see above)' : 'sqlmap: nothing injectable');
process.exitCode = failed ? 1 : 0;
