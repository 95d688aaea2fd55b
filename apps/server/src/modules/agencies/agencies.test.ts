import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { createOffice } from '../../testing/factories.js';
import { createTestApp, fixtureContentDir, type TestApp } from '../../testing/test-app.js';
import { form, formHeaders } from '../../testing/agent-requests.js';
import { mailOutbox } from '../mail/schema.js';
import { loadOffices } from '../offices/load-offices.js';
import { officeNotifyRequests, offices } from '../offices/schema.js';
import { pointEntries } from '../points/schema.js';
import { issueAgencyLink, type IssuedAgencyLink } from './agency-links.js';
import { agencyLinks, agencyStateChanges } from './schema.js';

let t: TestApp;
let clock = Date.parse('2030-03-01T09:00:00Z');
beforeAll(async () => {
  // A lifetime other than the default, to see AGENCY_LINK_DAYS at work.
  t = await createTestApp({ now: () => clock, config: { agencyLinkDays: 3 } });
});
afterAll(() => t.close());

const path = '/s2c/auth/v1/agency/state-change-request';
const lifetimeMs = 3 * 24 * 60 * 60 * 1000;

const issue = (officeId: string, purpose: 'opt-in' | 'opt-out'): Promise<IssuedAgencyLink> =>
  t.database.db.transaction((tx) =>
    issueAgencyLink(tx, officeId, purpose, clock, t.config.agencyLinkDays),
  );
const linkInvalid = {
  data: {
    validationMessages: {
      officeId: ['This link is not valid any more. Please ask for a new one.'],
    },
  },
};

const look = (query: Record<string, string>) =>
  t.app.inject({ url: `${path}?${new URLSearchParams(query).toString()}` });

const submit = (values: Record<string, string | undefined>) =>
  t.app.inject({ method: 'POST', url: path, payload: form(values), headers: formHeaders });

const person = { firstName: 'Maria', lastName: 'Papadopoulou', email: 'maria@example.com' };

const inactiveOffice = () =>
  createOffice(t.database.db, {
    active: false,
    agencyName: 'Sleepy Travel',
    decisionMakerEmail: 'boss@example.com',
  });

const stateChangesOf = (officeId: string) =>
  t.database.db.select().from(agencyStateChanges).where(eq(agencyStateChanges.officeId, officeId));

const activeOf = async (officeId: string) => {
  const [office] = await t.database.db
    .select({ active: offices.active })
    .from(offices)
    .where(eq(offices.officeId, officeId));
  return office?.active;
};

const mailsOf = (recipient: string, template: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));

/** The first link of a mail's text. */
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
const linkQuery = (url: URL) => ({
  s: url.searchParams.get('s') ?? '',
  c: url.searchParams.get('c') ?? '',
});

describe('the enroll push mail', () => {
  it("carries a working opt-in link to the inactive office's decision maker", async () => {
    const office = await createOffice(t.database.db, {
      active: false,
      agencyName: 'Pushed Travel',
      decisionMakerEmail: 'pushed-boss@example.com',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/s2c/auth/v1/offices/${office.officeId}/gr/enroll/push`,
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsOf('pushed-boss@example.com', 'decision-maker-request');
    const url = linkIn(mail!.text);
    expect(mail!.html).toContain(`href="${url.href.replaceAll('&', '&amp;')}"`);
    expect(url.pathname).toMatch(/\/agency-opt-in$/);
    const [row] = await t.database.db
      .select()
      .from(agencyLinks)
      .where(eq(agencyLinks.id, linkQuery(url).s));
    expect(row!.expiresAt.getTime() - clock).toBe(lifetimeMs);
    expect((await look(linkQuery(url))).json()).toEqual({
      data: { officeId: office.officeId, name: 'Pushed Travel', purpose: 'opt-in' },
    });
    const done = await submit({ ...linkQuery(url), ...person, agree: 'true' });
    expect(done.json()).toEqual({ data: { officeId: office.officeId, active: true } });
  });
});

describe('issueAgencyLink', () => {
  it("builds the agency page URL on the office's country host with s and c, storing only c's hash", async () => {
    const office = await inactiveOffice();
    const link = await issue(office.officeId, 'opt-in');
    const url = new URL(link.url);
    expect(url.hostname).toBe(`gr.${t.config.publicRootDomain}`);
    expect(url.pathname).toMatch(/\/agency-opt-in$/);
    expect(url.searchParams.get('s')).toBe(link.s);
    expect(url.searchParams.get('c')).toBe(link.c);
    expect(link.s).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [row] = await t.database.db.select().from(agencyLinks).where(eq(agencyLinks.id, link.s));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(link.c);
    expect(row!.expiresAt.getTime() - clock).toBe(lifetimeMs);
  });
});

describe(`GET ${path}`, () => {
  it('answers the agency and the purpose of a valid link', async () => {
    const office = await inactiveOffice();
    const { s, c } = await issue(office.officeId, 'opt-out');
    const response = await look({ s, c });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { officeId: office.officeId, name: 'Sleepy Travel', purpose: 'opt-out' },
    });
  });

  it('answers validationMessages.officeId for tampered, unknown, expired, used and malformed links', async () => {
    const office = await inactiveOffice();
    const { s, c } = await issue(office.officeId, 'opt-in');
    const tampered = `${c.slice(0, -1)}${c.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [
      { s, c: tampered },
      { s: 'unknownLinkId123', c },
      { s },
      { c },
      {},
      { s: 'x', c: 'y' },
      { s: `${s}!`, c },
      { s, c: 'z'.repeat(500) },
    ] as Record<string, string>[]) {
      const response = await look(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      expect(response.json(), JSON.stringify(query)).toEqual(linkInvalid);
    }
    const repeated = await t.app.inject({ url: `${path}?s=${s}&s=${s}&c=${c}` });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(linkInvalid);

    const saved = clock;
    clock += lifetimeMs;
    expect((await look({ s, c })).json()).toEqual(linkInvalid);
    clock = saved;
    expect((await look({ s, c })).json()).toMatchObject({ data: { purpose: 'opt-in' } });

    expect((await submit({ s, c, ...person, agree: 'true' })).json()).toMatchObject({
      data: { active: true },
    });
    expect((await look({ s, c })).json()).toEqual(linkInvalid);
  });
});

describe(`POST ${path}`, () => {
  it('answers field messages for missing or invalid fields and an unchecked agree box, changing nothing', async () => {
    const office = await inactiveOffice();
    const { s, c } = await issue(office.officeId, 'opt-in');
    const response = await submit({ s, c, firstName: '', lastName: 'X', email: 'not-an-email' });
    expect(response.statusCode).toBe(200);
    const { validationMessages } = response.json<{
      data: { validationMessages: Record<string, string[]> };
    }>().data;
    expect(Object.keys(validationMessages).sort()).toEqual(['agree', 'email', 'firstName']);
    expect(validationMessages.agree).toEqual(['Please agree to take part in the club.']);
    expect(await activeOf(office.officeId)).toBe(false);
    expect(await stateChangesOf(office.officeId)).toEqual([]);
    // The link still works after a refused form.
    expect((await look({ s, c })).json()).toMatchObject({ data: { purpose: 'opt-in' } });
  });

  it('opts in: office active, state change recorded, waiting agents mailed once, link used', async () => {
    const office = await inactiveOffice();
    for (const email of ['wait1@example.com', 'wait2@example.com']) {
      await t.database.db.insert(officeNotifyRequests).values({
        officeId: office.officeId,
        countryCode: 'gr',
        languageCode: 'ell',
        email,
      });
    }
    const { s, c } = await issue(office.officeId, 'opt-in');
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      payload: { s, c, ...person, agree: true },
    });
    expect(response.json()).toEqual({ data: { officeId: office.officeId, active: true } });
    expect(await activeOf(office.officeId)).toBe(true);
    expect(await stateChangesOf(office.officeId)).toMatchObject([
      { previousActive: false, active: true, ...person, comment: '', linkId: s },
    ]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'agency-active'));
    const waiting = mails.filter((mail) => mail.recipient.startsWith('wait'));
    expect(waiting.map((mail) => mail.recipient).sort()).toEqual([
      'wait1@example.com',
      'wait2@example.com',
    ]);
    const requests = await t.database.db
      .select()
      .from(officeNotifyRequests)
      .where(eq(officeNotifyRequests.officeId, office.officeId));
    expect(requests.every((request) => request.notifiedAt !== null)).toBe(true);
    const [link] = await t.database.db.select().from(agencyLinks).where(eq(agencyLinks.id, s));
    expect(link!.usedAt).not.toBeNull();

    // The decision maker gets the confirmation with a working opt-out link.
    const [confirmation] = await mailsOf('boss@example.com', 'agency-opted-in');
    const optOut = linkIn(confirmation!.text);
    expect(optOut.pathname).toMatch(/\/agency-opt-out$/);
    expect((await look(linkQuery(optOut))).json()).toMatchObject({
      data: { officeId: office.officeId, purpose: 'opt-out' },
    });

    // Reused: refused; a later opt-in does not mail the notified agents again.
    expect((await submit({ s, c, ...person, agree: 'on' })).json()).toEqual(linkInvalid);
    const again = await issue(office.officeId, 'opt-in');
    await submit({ s: again.s, c: again.c, ...person, agree: 'on' });
    const after = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'agency-active'));
    expect(after.length).toBe(mails.length);
  });

  it('opts out: office inactive with the comment recorded, points untouched', async () => {
    const office = await createOffice(t.database.db, { active: true });
    const [before] = await t.database.db.select({ n: count() }).from(pointEntries);
    const { s, c } = await issue(office.officeId, 'opt-out');
    const response = await submit({ s, c, ...person, comment: ' Too busy ' });
    expect(response.json()).toEqual({ data: { officeId: office.officeId, active: false } });
    expect(await activeOf(office.officeId)).toBe(false);
    expect(await stateChangesOf(office.officeId)).toMatchObject([
      { previousActive: true, active: false, comment: 'Too busy' },
    ]);
    const [after] = await t.database.db.select({ n: count() }).from(pointEntries);
    expect(after).toEqual(before);
    // No decision maker stored: the confirmation with a new opt-in link goes to whoever submitted.
    const [confirmation] = await mailsOf(person.email, 'agency-opted-out');
    const optIn = linkIn(confirmation!.text);
    expect((await look(linkQuery(optIn))).json()).toMatchObject({
      data: { officeId: office.officeId, purpose: 'opt-in' },
    });
  });

  // Found by src/security/bad-input.test.ts: the database refused the NUL (a 500).
  it('answers a field message for a comment with a NUL character, changing nothing', async () => {
    const office = await createOffice(t.database.db, { active: true });
    const { s, c } = await issue(office.officeId, 'opt-out');
    const response = await submit({ s, c, ...person, comment: 'Too\u0000busy' });
    expect(response.json()).toEqual({
      data: { validationMessages: { comment: ["Pattern doesn't match"] } },
    });
    expect(await activeOf(office.officeId)).toBe(true);
    expect(await stateChangesOf(office.officeId)).toEqual([]);
  });

  it('answers validationMessages.officeId for a bad link, whatever the fields', async () => {
    expect((await submit({ s: 'nope', c: 'nope', ...person })).json()).toEqual(linkInvalid);
    expect((await submit({})).json()).toEqual(linkInvalid);
  });

  it("keeps the decision maker's choice when the offices file is loaded again", async () => {
    // In the fixture file ATHGR0002 starts inactive and ATHGR0001 active.
    const optIn = await issue('ATHGR0002', 'opt-in');
    const optOut = await issue('ATHGR0001', 'opt-out');
    await submit({ s: optIn.s, c: optIn.c, ...person, agree: 'true' });
    await submit({ s: optOut.s, c: optOut.c, ...person });
    await loadOffices(t.database.db, fixtureContentDir);
    expect(await activeOf('ATHGR0002')).toBe(true);
    expect(await activeOf('ATHGR0001')).toBe(false);
  });

  it('of concurrent submits of one link, exactly one changes the state', async () => {
    const office = await inactiveOffice();
    const { s, c } = await issue(office.officeId, 'opt-in');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => submit({ s, c, ...person, agree: 'true' })),
    );
    const bodies = answers.map((answer) => answer.json<unknown>());
    const done = { data: { officeId: office.officeId, active: true } };
    expect(bodies.filter((body) => JSON.stringify(body) === JSON.stringify(done))).toHaveLength(1);
    expect(
      bodies.filter((body) => JSON.stringify(body) === JSON.stringify(linkInvalid)),
    ).toHaveLength(3);
    expect(await stateChangesOf(office.officeId)).toHaveLength(1);
  });
});
