import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { logInInEnglish } from './support/membership';
import { openConsoleAs } from './support/staff';
import { countryUrl } from './support/urls';

/** Demo members (content/demo/members.json): Lukas of Austria, Eleni of Greece. */
const lukas = { number: '9000002', password: 'demo2026' };
const eleni = { number: '9000001' };
const queueKey = 'e2e-booking-queue-key-0123456789';

/** A day relative to today, YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A record locator no other run has used. */
const newPnr = () => `M${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;

/** A reason no other run wrote, so that the member's page shows this run's adjustment. */
const newReason = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`;

/** A booking of Lukas with one flown segment and one cancelled (HX): the cancelled one earns nothing. */
async function bookingWithCancelledSegment(request: APIRequestContext): Promise<string> {
  const pnr = newPnr();
  const port = process.env.E2E_PORT ?? '3100';
  const response = await request.post(`http://127.0.0.1:${port}/s2c/bookings/v1/queue`, {
    headers: { authorization: `ApiKey ${queueKey}`, 'content-type': 'application/x-ndjson' },
    data: JSON.stringify({
      pnr,
      officeId: 'VIEAT2101',
      createdOn: day(-20),
      remarks: [`RM*AMA ${lukas.number}`],
      segments: [
        { id: '1', kind: 'air', status: 'HK', serviceDate: day(-10) },
        { id: '2', kind: 'air', status: 'HX', serviceDate: day(-8) },
      ],
    }),
  });
  expect(response.status()).toBe(200);
  return pnr;
}

async function searchFor(page: Page, query: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Search members').fill(query);
  await main.getByRole('button', { name: 'Search' }).click();
}

test.describe('staff console: members', () => {
  test('a manager of Austria finds Lukas by name, sees why a PNR earned nothing, credits points with a reason, and Lukas sees it', async ({
    page,
    request,
  }) => {
    const pnr = await bookingWithCancelledSegment(request);
    const reason = newReason('Missing hotel night in Vienna');

    await openConsoleAs(page, 'manager', '/staff/members');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expectNoAxeViolations(page, 'console member search');
    await searchFor(page, 'lukas');
    const results = main.getByRole('table', { name: /Members matching “lukas”/ });
    await expect(results.getByRole('row').filter({ hasText: 'Lukas Demo' })).toBeVisible();
    await expectNoAxeViolations(page, 'console member search results');
    await results.getByRole('link', { name: lukas.number }).click();

    await expect(
      main.getByRole('heading', { level: 1, name: `Lukas Demo (${lukas.number})` }),
    ).toBeVisible();
    const booking = main.getByRole('table', { name: new RegExp(`PNR ${pnr}`) });
    await expect(booking.getByRole('row').filter({ hasText: 'Cancelled (HX)' })).toContainText(
      'The segment was cancelled in the booking',
    );
    await expectNoAxeViolations(page, 'console member view');

    const adjust = main.getByRole('region', { name: 'Adjust points' });
    await adjust.getByLabel('Points').fill('25');
    await expect(adjust.getByText(/Available after: /)).toBeVisible();
    await adjust.getByLabel('Reason').fill(reason);
    await adjust.getByRole('button', { name: 'Review adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the adjustment' });
    await expect(dialog).toContainText(reason);
    await expectNoAxeViolations(page, 'console adjustment dialog');
    await dialog.getByRole('button', { name: 'Confirm adjustment' }).click();
    await expect(adjust.getByRole('status')).toContainText('25 points credited to Lukas Demo');
    // The refreshed view lists the entry, with its reason and who made it.
    const ledger = main.getByRole('table', { name: /Every change of the member’s points/ });
    await expect(ledger.getByRole('row').filter({ hasText: reason })).toContainText(
      'manager.at@example.com',
    );

    // Lukas sees the credit and its reason on his points page.
    await logInInEnglish(page, 'at', lukas.number, lukas.password);
    await page.goto(countryUrl('at', '/eng/points'));
    const memberMain = page.getByRole('main');
    await memberMain.getByRole('tab', { name: 'Additional points' }).click();
    const additional = memberMain.getByRole('table', { name: 'Additional points' });
    await expect(additional.getByRole('row').filter({ hasText: reason })).toContainText('25');
  });

  test("a manager of Austria cannot find or open Greece's member", async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/members');
    const main = page.getByRole('main');
    await searchFor(page, eleni.number);
    await expect(
      main.getByText(`No member matches “${eleni.number}” in your countries.`),
    ).toBeVisible();
    await searchFor(page, 'eleni');
    await expect(main.getByText('No member matches “eleni” in your countries.')).toBeVisible();
    await page.goto(`/staff/members/${eleni.number}`);
    await expect(main.getByRole('heading', { level: 1, name: 'No such member' })).toBeVisible();
    await expect(main.getByText('Lukas')).toHaveCount(0);
    await expect(main.getByText('Eleni')).toHaveCount(0);
  });

  test('an admin finds members of every country, and sees a rejected PNR with its reason', async ({
    page,
  }) => {
    await openConsoleAs(page, 'admin', '/staff/members');
    const main = page.getByRole('main');
    await searchFor(page, 'demo');
    const results = main.getByRole('table', { name: /Members matching “demo”/ });
    for (const country of ['GR', 'AT', 'AE']) {
      await expect(results.getByRole('row').filter({ hasText: country }).first()).toBeVisible();
    }
    await results.getByRole('link', { name: eleni.number }).click();
    await expect(
      main.getByRole('heading', { level: 1, name: `Eleni Demo (${eleni.number})` }),
    ).toBeVisible();
    // DEMO04 names her without the space after RM*AMA (content/demo/bookings.jsonl).
    await expect(main.getByRole('table', { name: /PNR DEMO04/ })).toContainText(
      'no space between RM*AMA and the member number',
    );
    await expectNoAxeViolations(page, 'console member view (admin)');
  });

  test('a keyboard-only adjustment: Tab, Enter and Space only, with visible focus', async ({
    page,
  }) => {
    const reason = newReason('Keyboard goodwill');
    await openConsoleAs(page, 'admin', `/staff/members?query=${lukas.number}`);
    const main = page.getByRole('main');
    const memberLink = main.getByRole('link', { name: lukas.number });
    await expect(memberLink).toBeVisible();

    /** Tabs until `target` has the focus (at most `limit` presses), checking each focus is visible. */
    async function tabTo(target: ReturnType<Page['getByRole']>, limit = 60) {
      for (let press = 0; press < limit; press += 1) {
        if (await target.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(target).toBeFocused();
      const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline, 'the focus is visible').not.toBe('none');
    }

    await tabTo(memberLink);
    await page.keyboard.press('Enter');
    await expect(
      main.getByRole('heading', { level: 1, name: `Lukas Demo (${lukas.number})` }),
    ).toBeVisible();
    const adjust = main.getByRole('region', { name: 'Adjust points' });
    await tabTo(adjust.getByLabel('Points'));
    await page.keyboard.type('7');
    await tabTo(adjust.getByLabel('Reason'));
    await page.keyboard.type(reason);
    const review = adjust.getByRole('button', { name: 'Review adjustment' });
    await tabTo(review);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm the adjustment' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Confirm adjustment' });
    await tabTo(confirm, 5);
    await page.keyboard.press('Space');
    await expect(adjust.getByRole('status')).toContainText('7 points credited to Lukas Demo');
    // Focus comes back to the button that opened the dialog.
    await expect(review).toBeFocused();
  });
});
