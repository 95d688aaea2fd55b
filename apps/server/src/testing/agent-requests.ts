import type { LightMyRequestResponse } from 'fastify';
import type { SessionAnswer, User } from '@club/contract/membership';
import type { App } from '../app.js';

/**
 * HTTP helpers for the agents tests: form-encoded bodies as the web app
 * sends them, and a logged-in member's bearer header.
 */
export function form(values: Record<string, string | undefined>): string {
  const defined = Object.entries(values).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return new URLSearchParams(defined).toString();
}

export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A login call; `cookie` is a Cookie header, as a browser would send it (the device cookie). */
export function login(
  app: App,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/token/agent',
    headers: cookie === undefined ? formHeaders : { ...formHeaders, cookie },
    payload: form({ username, password }),
    remoteAddress,
  });
}

/** The device cookie a login answer set, as `name=value` for the next Cookie header; undefined without one. */
export function deviceCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return cookies.find((cookie) => cookie.startsWith('device='))?.split(';')[0];
}

/** Logs a member in and gives the session token; fails the test when login does not succeed. */
export async function sessionToken(app: App, number: string, password: string): Promise<string> {
  const response = await login(app, number, password);
  if (response.statusCode !== 200) {
    throw new Error(`login of ${number} answered ${response.statusCode}: ${response.body}`);
  }
  return sessionOf(response).token!;
}

/** The `data` of an answer, typed as the test expects it. */
export const dataOf = <T>(response: LightMyRequestResponse): T => response.json<{ data: T }>().data;

export const sessionOf = (response: LightMyRequestResponse) => dataOf<SessionAnswer>(response);
export const userOf = (response: LightMyRequestResponse) => dataOf<User>(response);
/** The per-field messages of a 400 answer. */
export const fieldsOf = (response: LightMyRequestResponse) =>
  dataOf<Record<string, string>>(response);
