import { expect, test } from '@playwright/test';
import { linkTo, uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn, logIn, startRegistration } from './support/membership';
import { countryUrl } from './support/urls';

const office = 'ATHGR2102';
const manager = 'manager.athgr2102@example.com';

/** A day relative to today, YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

test.describe('agencies', () => {
  // Journeys of many pages and several password hashes (argon2id): with two
  // workers on a two-core machine they take longer than one page's 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('a decision maker opts an agency in from the emailed link, then out; the club follows', async ({
    page,
    request,
  }) => {
    // An agent of the inactive office asks for access and to be told.
    const agent = uniqueEmail('agency-agent');
    await startRegistration(page, 'gr', '/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill(office);
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Request access to my manager' }).click();
    const requestMail = await waitForMail(manager);
    await main.getByLabel('Email').fill(agent);
    await main.getByRole('button', { name: 'Notify me' }).click();
    await expect(main.getByText(/Thank you!/)).toBeVisible();

    // Opened on the opt-out page by mistake, the link leads to its own page.
    const optInLink = new URL(linkTo(requestMail, 'agency-opt-in'));
    await page.goto(countryUrl('gr', `/agency-opt-out${optInLink.search}`));
    await expect(main.getByRole('alert').getByText(/on the agency opt-in page/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Opt out' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Open the agency opt-in page' }).click();
    await expect(main.getByLabel('Office ID')).toHaveValue(office);

    // The decision maker opens the link, and opts in with the agree box.
    await page.goto(linkTo(requestMail, 'agency-opt-in'));
    await expect(main.getByLabel('Office ID')).toHaveValue(office);
    await main.getByLabel('First name').fill('Maria');
    await main.getByLabel('Last name').fill('Manager');
    await main.getByLabel('Email').fill(manager);
    await main.getByRole('button', { name: 'Opt in' }).click();
    await expect(main.getByText('Please agree to take part in the club.')).toBeVisible();
    await main.getByRole('checkbox', { name: /I agree that my agency takes part/ }).check();
    await main.getByRole('button', { name: 'Opt in' }).click();
    await expect(page).toHaveURL(/agency-successfully-opt-in/);
    await expect(
      main.getByRole('heading', { level: 1, name: 'Your agency has joined the club' }),
    ).toBeVisible();

    // The agent is told, and the office now lets agents register.
    const told = await waitForMail(agent);
    expect(told.text).toContain(office);
    await startRegistration(page, 'gr', '/registration');
    await main.getByLabel('Office ID').fill(office);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByRole('checkbox', { name: /I agree/ })).toBeVisible();

    // The link was used once; the confirmation carries the opt-out link.
    const confirmation = await waitForMail(manager, 2);
    await page.goto(linkTo(requestMail, 'agency-opt-in'));
    await expect(main.getByRole('alert').getByText(/not valid any more/)).toBeVisible();
    // The opt-out link works under its alias too (spec 2 §2.1).
    const optOut = new URL(linkTo(confirmation, 'agency-opt-out'));
    optOut.pathname = optOut.pathname.replace(/agency-opt-out$/, 'agency/opt-out');
    await page.goto(optOut.href);
    await expect(main.getByLabel('Agency', { exact: true })).toHaveValue('Plaka Holidays');
    await main.getByLabel('First name').fill('Maria');
    await main.getByLabel('Last name').fill('Manager');
    await main.getByLabel('Email').fill(manager);
    await main.getByLabel('Comment (optional)').fill('We leave for now.');
    await main.getByLabel('I confirm that my agency leaves the club.').check();
    await main.getByRole('button', { name: 'Opt out' }).click();
    await expect(page).toHaveURL(/agency-successfully-opt-out/);

    // A booking from the office now earns nothing.
    const pnr = `A${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;
    const port = process.env.E2E_PORT ?? '3100';
    const answer = await request.post(`http://127.0.0.1:${port}/s2c/bookings/v1/queue`, {
      headers: {
        authorization: 'ApiKey e2e-booking-queue-key-0123456789',
        'content-type': 'application/x-ndjson',
      },
      data: JSON.stringify({
        pnr,
        officeId: office,
        createdOn: day(-5),
        remarks: ['RM*AMA 9000001'],
        segments: [{ id: '1', kind: 'air', status: 'HK', serviceDate: day(-2) }],
      }),
    });
    const summary = ((await answer.json()) as { data: { rejected: Record<string, number> } }).data;
    expect(summary.rejected['inactive-office']).toBe(1);

    // The member sees that booking among the PNRs that earned nothing, with the reason.
    await logIn(page, 'gr', '9000001', 'demo2026');
    await expectLoggedIn(page);
    await page.goto(countryUrl('gr', '/points'));
    const queued = main.getByRole('region', { name: 'PNRs that earned no points' });
    await expect(queued.getByRole('row').filter({ hasText: pnr })).toContainText(
      'The agency of this office ID does not take part in the club.',
    );
  });

  test('a tampered or missing link shows the danger alert and no form', async ({ page }) => {
    const main = page.getByRole('main');
    await page.goto(countryUrl('gr', '/agency/opt-in?s=notALinkId0000&c=tampered'));
    await expect(main.getByRole('alert').getByText(/not valid any more/)).toBeVisible();
    await expect(main.getByLabel('First name')).toHaveCount(0);
    await page.goto(countryUrl('gr', '/agency-opt-out'));
    await expect(main.getByRole('alert').getByText(/not valid any more/)).toBeVisible();
  });
});
