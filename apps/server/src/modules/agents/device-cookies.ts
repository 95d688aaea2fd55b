import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { readCookie } from '../../plugins/xsrf.js';
import { serverSecrets } from './schema.js';

export const DEVICE_COOKIE = 'device';
/** Only the login call needs it, so the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/s2c/auth/v1/token/agent';
/** Members a browser is trusted for at once (an agency's shared computer), the most recent first. */
export const DEVICE_COOKIE_MEMBERS = 5;
/** How long a device cookie is honoured after it was issued. */
export const DEVICE_COOKIE_DAYS = 365;

const secretName = 'device-cookie';
const entryPattern = /^(\d{1,20})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

type Entry = { number: string; issuedSeconds: number; nonce: string; raw: string };

/**
 * Which device cookie: its name, the one call it goes with, and the purpose
 * its signatures are made for (so that one kind's entry never passes as the
 * other's, though both are signed with the same key).
 */
export type DeviceCookieKind = { name: string; path: string; purpose: string };

/** Members' device cookie: entries of member numbers, sent with the member login. */
export const memberDeviceCookie: DeviceCookieKind = {
  name: DEVICE_COOKIE,
  path: DEVICE_COOKIE_PATH,
  purpose: 'device-cookie',
};

export type DeviceCookiesOptions = {
  /** DEVICE_COOKIE_SECRET; without it a random key is made once and kept in the database. */
  configuredSecret: string | undefined;
  /** Production cookies are Secure. */
  production: boolean;
  /** Default: the members' cookie. */
  kind?: DeviceCookieKind;
};

/**
 * Device cookies of OWASP's "Slow down online guessing attacks with device
 * cookies" (docs/decisions/020): a browser that logged in as a member gets
 * `number.issued.nonce.signature`, signed with a key every server process
 * shares (configured, or kept in the database), so any process can check a
 * cookie another issued. One cookie holds the entries of the last few members
 * who logged in with the browser. Staff logins have a cookie of their own
 * kind (the account id for the number; modules/staff).
 */
export class DeviceCookies {
  private key: Promise<Buffer> | undefined;
  private readonly kind: DeviceCookieKind;

  constructor(
    private readonly db: Database,
    private readonly options: DeviceCookiesOptions,
  ) {
    this.kind = options.kind ?? memberDeviceCookie;
  }

  /** Whether the cookie header carries any well-formed entry of this kind (nothing is verified). */
  hasEntries(cookieHeader: string | undefined): boolean {
    return entriesOf(cookieHeader, this.kind.name).length > 0;
  }

  /**
   * The nonce of the cookie's entry for `number` when its signature is right
   * and it is not too old; otherwise undefined (no trust).
   */
  async trustedNonce(
    cookieHeader: string | undefined,
    number: string,
    now: Date,
  ): Promise<string | undefined> {
    const entry = entriesOf(cookieHeader, this.kind.name).find(
      (candidate) => candidate.number === number,
    );
    if (entry === undefined || !isCurrent(entry, now)) return undefined;
    return (await this.verifies(entry)) ? entry.nonce : undefined;
  }

  /**
   * The Set-Cookie value after `number` logged in: a new entry for them
   * first, then the cookie's other valid entries.
   */
  async issue(cookieHeader: string | undefined, number: string, now: Date): Promise<string> {
    const issuedSeconds = Math.floor(now.getTime() / 1000);
    const nonce = randomBytes(16).toString('base64url');
    const fresh = `${number}.${issuedSeconds.toString(36)}.${nonce}.${await this.signature(number, issuedSeconds, nonce)}`;
    const kept: string[] = [];
    for (const entry of entriesOf(cookieHeader, this.kind.name)) {
      if (kept.length >= DEVICE_COOKIE_MEMBERS - 1) break;
      if (entry.number === number || !isCurrent(entry, now)) continue;
      if (await this.verifies(entry)) kept.push(entry.raw);
    }
    const attributes = [
      `Path=${this.kind.path}`,
      `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(this.options.production ? ['Secure'] : []),
    ];
    return [`${this.kind.name}=${[fresh, ...kept].join('~')}`, ...attributes].join('; ');
  }

  private async verifies(entry: Entry): Promise<boolean> {
    const expected = Buffer.from(
      await this.signature(entry.number, entry.issuedSeconds, entry.nonce),
    );
    const given = Buffer.from(entry.raw.slice(entry.raw.lastIndexOf('.') + 1));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async signature(number: string, issuedSeconds: number, nonce: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(`${this.kind.purpose}:${number}:${issuedSeconds}:${nonce}`)
      .digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      // A database that did not answer is asked again next time.
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadKey(): Promise<Buffer> {
    if (this.options.configuredSecret !== undefined) {
      return Buffer.from(this.options.configuredSecret);
    }
    // Whichever process comes first makes the key; the others read it.
    await this.db
      .insert(serverSecrets)
      .values({ name: secretName, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, secretName));
    return Buffer.from(row!.value, 'base64url');
  }
}

function entriesOf(cookieHeader: string | undefined, name: string): Entry[] {
  const value = readCookie(cookieHeader, name);
  if (value === undefined) return [];
  const entries: Entry[] = [];
  for (const raw of value.split('~').slice(0, DEVICE_COOKIE_MEMBERS)) {
    const match = entryPattern.exec(raw);
    if (match === null) continue;
    entries.push({
      number: match[1]!,
      issuedSeconds: parseInt(match[2]!, 36),
      nonce: match[3]!,
      raw,
    });
  }
  return entries;
}

function isCurrent(entry: Entry, now: Date): boolean {
  const age = now.getTime() / 1000 - entry.issuedSeconds;
  return age >= -60 && age <= DEVICE_COOKIE_DAYS * 86_400;
}
