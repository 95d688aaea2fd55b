import { asc } from 'drizzle-orm';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../modules/mail/schema.js';

/** Helpers for tests of the membership area through HTTP. */

export type PageAnswer<T = Record<string, unknown>> = { status: number; data: T; code?: string };

/** Submits a page form the way the web app does: form-encoded values plus countryCode and languageCode. */
export async function submitPage<T = Record<string, unknown>>(
  app: App,
  pageName: string,
  values: Record<string, string>,
  options: { token?: string; countryCode?: string; languageCode?: string } = {},
): Promise<PageAnswer<T>> {
  const body = new URLSearchParams({
    countryCode: options.countryCode ?? '',
    languageCode: options.languageCode ?? '',
    ...values,
  });
  const response = await app.inject({
    method: 'POST',
    url: `/s2c/content/v1/pages/${pageName}/`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    payload: body.toString(),
  });
  const json = response.json<{ data: T; code?: string }>();
  return { status: response.statusCode, data: json.data, code: json.code };
}

/** GET of a page, with query params and an optional session. */
export async function getPage<T = Record<string, unknown>>(
  app: App,
  pageName: string,
  query: Record<string, string> = {},
  token?: string,
): Promise<PageAnswer<T>> {
  const response = await app.inject({
    url: `/s2c/content/v1/pages/${pageName}/?${new URLSearchParams(query).toString()}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const json = response.json<{ data: T; code?: string }>();
  return { status: response.statusCode, data: json.data, code: json.code };
}

/** Logs a member in through the login call; returns the session token. */
export async function logIn(app: App, number: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/s2c/auth/v1/token/agent',
    payload: { username: number, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ data: { token: string } }>().data.token;
}

/** Whether a session token still opens the member's own record. */
export async function sessionWorks(app: App, agentId: number, token: string): Promise<boolean> {
  const response = await app.inject({
    url: `/s2c/auth/v1/agents/${agentId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return response.statusCode === 200;
}

export async function outboxRows(db: Database) {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}

/** The first link of the text part of the last outbox mail to an address. */
export async function lastLinkTo(db: Database, address: string): Promise<URL> {
  const rows = (await outboxRows(db)).filter(
    (row) => row.recipient.toLowerCase() === address.toLowerCase(),
  );
  const text = rows.at(-1)?.text ?? '';
  const link = /https?:\/\/[^\s<>"']+/.exec(text)?.[0];
  if (link === undefined) throw new Error(`No mail with a link to ${address}`);
  return new URL(link);
}
