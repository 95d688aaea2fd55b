import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Page, test } from '@playwright/test';
import { demoStaff } from '../../apps/server/src/modules/staff/demo-staff.ts';
import { totpCode, totpStep } from '../../apps/server/src/modules/staff/totp.ts';

/**
 * Staff in the end-to-end suite: the demo accounts of the README. A code
 * works once (the server keeps each account's last time step), and two
 * workers log in side by side, so each login reserves its step in a file
 * shared by the workers; a worker logs in once per account and reuses the
 * token (staff sessions live 30 minutes idle).
 */
export type DemoStaffName = 'admin' | 'manager';

export const staffAccount = (name: DemoStaffName) =>
  demoStaff.find((staff) =>
    name === 'admin' ? staff.role === 'admin' : staff.role === 'manager',
  )!;

const reservations = join('test-results', 'staff-totp-steps.json');
const lock = `${reservations}.lock`;

async function withLock<T>(work: () => T): Promise<T> {
  mkdirSync('test-results', { recursive: true });
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * A code for the account that no login used yet: the current step, or the
 * next one (the server accepts one step of drift); waits for a later step
 * when both are taken. A spec's own server has its own database, so its
 * steps are reserved apart (`server`: its origin).
 */
export async function freshCode(email: string, server = 'shared'): Promise<string> {
  const secret = demoStaff.find((staff) => staff.email === email)?.totpSecret;
  if (secret === undefined) throw new Error(`no demo staff ${email}`);
  for (;;) {
    const now = Date.now();
    const code = await withLock(() => {
      let used: Record<string, number> = {};
      try {
        used = JSON.parse(readFileSync(reservations, 'utf8')) as Record<string, number>;
      } catch {
        // No login yet.
      }
      const key = `${server} ${email}`;
      const step = Math.max(totpStep(now), (used[key] ?? -1) + 1);
      if (step > totpStep(now) + 1) return undefined;
      used[key] = step;
      writeFileSync(reservations, JSON.stringify(used));
      return totpCode(secret, step * 30_000);
    });
    if (code !== undefined) return code;
    const wait = 30_000 - (now % 30_000) + 50;
    // Waiting for the clock is not the test being slow: give the wait back.
    try {
      const info = test.info();
      if (info.timeout > 0) info.setTimeout(info.timeout + wait);
    } catch {
      // Outside a test (a global set-up): no timeout to extend.
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const tokens = new Map<DemoStaffName, string>();

/** A staff token of the demo account, logged in once per worker. */
export async function staffToken(request: APIRequestContext, name: DemoStaffName): Promise<string> {
  const known = tokens.get(name);
  if (known !== undefined) return known;
  const account = staffAccount(name);
  // A page's request context holds the XSRF cookie of its page views: echo it.
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  const response = await request.post('/s2c/staff/v1/session', {
    headers: xsrf === undefined ? {} : { 'x-xsrf-token': xsrf.value },
    form: {
      email: account.email,
      password: account.password,
      code: await freshCode(account.email),
    },
  });
  if (!response.ok())
    throw new Error(`staff login failed: ${response.status()} ${await response.text()}`);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  tokens.set(name, token);
  return token;
}

/** Opens a console path signed in as the demo account (the token put where the console keeps it). */
export async function openConsoleAs(
  page: Page,
  name: DemoStaffName,
  path = '/staff/',
): Promise<void> {
  const token = await staffToken(page.request, name);
  await page.addInitScript((value) => sessionStorage.setItem('staff-token', value), token);
  await page.goto(path);
}

/** A spec's own server (e2e/support/own-server.ts): its root domain. */
type RootOf = { rootUrl(path?: string): string };

/**
 * Opens a console path of a spec's own server signed in as the demo account:
 * a fresh login there (its database is its own), the token put where the
 * console keeps it.
 */
export async function openOwnConsoleAs(
  page: Page,
  server: RootOf,
  name: DemoStaffName,
  path: string,
): Promise<void> {
  const account = staffAccount(name);
  const login = await page.request.post(server.rootUrl('/s2c/staff/v1/session'), {
    form: {
      email: account.email,
      password: account.password,
      code: await freshCode(account.email, server.rootUrl('')),
    },
  });
  if (!login.ok()) throw new Error(`staff login failed: ${login.status()} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await page.addInitScript((value) => sessionStorage.setItem('staff-token', value), token);
  await page.goto(server.rootUrl(path));
}
