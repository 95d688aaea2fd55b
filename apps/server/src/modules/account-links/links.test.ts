import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client.js';
import { agentLinks } from '../agents/schema.js';
import { createAgent } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Database } from '../../db/client.js';
import * as links from './links.js';
import { findLink, hashLinkToken } from './links.js';
import { pageUrl } from '../content/member-page-urls.js';

let t: TestApp;

/** Links are made and used in a transaction of their cause; here each in its own. */
const createLink = (db: Database, ...rest: Tail<Parameters<typeof links.createLink>>) =>
  db.transaction((tx) => links.createLink(tx, ...rest));
const consumeLink = (db: Database, ...rest: Tail<Parameters<typeof links.consumeLink>>) =>
  db.transaction((tx) => links.consumeLink(tx, ...rest));
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('link URLs', () => {
  const settings = { publicBaseUrl: 'http://localhost:3000', publicRootDomain: 'localhost' };
  const at = {
    countryCode: 'gr',
    defaultLanguageCode: 'eng',
    subDomainDisabled: false,
    page: 'forgot-password',
  };

  it('point at the country host, with the language prefix unless it is the default', () => {
    expect(pageUrl(settings, { ...at, languageCode: 'eng', query: { token: 'abc' } })).toBe(
      'http://gr.localhost:3000/forgot-password?token=abc',
    );
    expect(pageUrl(settings, { ...at, languageCode: 'ell', query: { token: 'abc' } })).toBe(
      'http://gr.localhost:3000/ell/forgot-password?token=abc',
    );
    expect(pageUrl(settings, { ...at, languageCode: 'eng' })).toBe(
      'http://gr.localhost:3000/forgot-password',
    );
  });

  it('take scheme, port and a base path from PUBLIC_BASE_URL and the host from PUBLIC_ROOT_DOMAIN', () => {
    expect(
      pageUrl(
        { publicBaseUrl: 'https://www.club.example/members', publicRootDomain: 'club.example' },
        {
          ...at,
          countryCode: 'at',
          defaultLanguageCode: 'deu',
          languageCode: 'eng',
          query: { token: 'a-b_c' },
        },
      ),
    ).toBe('https://at.club.example/members/eng/forgot-password?token=a-b_c');
    expect(
      pageUrl(
        { publicBaseUrl: 'https://club.example:8443', publicRootDomain: 'club.example' },
        { ...at, languageCode: 'eng' },
      ),
    ).toBe('https://gr.club.example:8443/forgot-password');
  });

  it("point at the root site under the country's route prefix when its subdomain is disabled", () => {
    const cy = { ...at, countryCode: 'cy', subDomainDisabled: true };
    expect(pageUrl(settings, { ...cy, languageCode: 'eng', query: { token: 'abc' } })).toBe(
      'http://localhost:3000/cy/forgot-password?token=abc',
    );
    expect(
      pageUrl(
        { publicBaseUrl: 'https://www.club.example/members', publicRootDomain: 'club.example' },
        { ...cy, languageCode: 'ell' },
      ),
    ).toBe('https://club.example/members/cy/ell/forgot-password');
  });
});

describe('emailed links', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256 only', async () => {
    const member = await createAgent(t.database.db);
    const token = await createLink(t.database.db, {
      agentId: member.id,
      purpose: 'reset-password',
      lifetimeMs: 3_600_000,
    });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.database.db
      .select()
      .from(agentLinks)
      .where(eq(agentLinks.agentId, member.id));
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(row!.tokenHash).not.toContain(token);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(3_590_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
  });

  it('work once, for their purpose only', async () => {
    const member = await createAgent(t.database.db);
    const token = await createLink(t.database.db, {
      agentId: member.id,
      purpose: 'delete-account',
      lifetimeMs: 60_000,
    });
    expect(await consumeLink(t.database.db, { token, purpose: 'restore-account' })).toBeNull();
    expect(
      await consumeLink(t.database.db, {
        token,
        purpose: 'delete-account',
        agentId: member.id + 1,
      }),
    ).toBeNull();
    expect(await consumeLink(t.database.db, { token, purpose: 'delete-account' })).toEqual({
      agentId: member.id,
      email: null,
    });
    expect(await consumeLink(t.database.db, { token, purpose: 'delete-account' })).toBeNull();
    expect(await findLink(t.database.db, { token, purpose: 'delete-account' })).toEqual({
      agentId: member.id,
      used: true,
      expired: false,
    });
  });

  it('with a month of lifetime (restore links)', async () => {
    const member = await createAgent(t.database.db);
    const token = await createLink(t.database.db, {
      agentId: member.id,
      purpose: 'restore-account',
      lifetimeMs: 30 * 24 * 3_600_000,
    });
    expect(await findLink(t.database.db, { token, purpose: 'restore-account' })).toMatchObject({
      expired: false,
    });
  });

  it('used by many requests at once (separate connections on PostgreSQL) work exactly once', async () => {
    const member = await createAgent(t.database.db);
    const token = await createLink(t.database.db, {
      agentId: member.id,
      purpose: 'confirm-email',
      lifetimeMs: 60_000,
    });
    const handles =
      t.database.url === undefined
        ? []
        : await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: t.database.url })));
    const dbs =
      handles.length > 0 ? handles.map((handle) => handle.db) : [t.database.db, t.database.db];
    try {
      const results = await Promise.all(
        dbs.flatMap((db) =>
          [1, 2].map(() =>
            db.transaction((tx) => consumeLink(tx, { token, purpose: 'confirm-email' })),
          ),
        ),
      );
      expect(results.filter((result) => result !== null)).toEqual([
        { agentId: member.id, email: null },
      ]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
