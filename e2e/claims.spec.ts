import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail, waitForMail } from './support/mail';
import { logInInEnglish, registerAndConfirm } from './support/membership';
import { openConsoleAs } from './support/staff';
import { countryUrl } from './support/urls';

/**
 * Missing-points claims (issue 31 §1): an Austrian member claims the points
 * of a hotel booking that earned nothing from the points page, the Austrian
 * manager approves it in the console's claims queue with the proposed
 * points, and the member sees the credit with its reason and is mailed.
 */

const password = 'Quokka4Orbit9';

test.describe('missing-points claims', () => {
  test.describe.configure({ timeout: 150_000 });

  test('at: the member files a claim, the manager approves it, the member sees the credit and is mailed', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('claim-at');
    const number = await registerAndConfirm(page, {
      country: 'at',
      path: '/eng/registration',
      officeId: 'VIEAT2101',
      email,
      password,
      firstName: 'Lukas',
    });
    await logInInEnglish(page, 'at', number, password);
    const pnr = `C${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, 'X')}`;

    // The member files the claim from the points page.
    await page.goto(countryUrl('at', '/eng/points'));
    const main = page.getByRole('main');
    const claims = main.getByRole('region', { name: 'Missing points' });
    await expect(claims.getByText('You have not claimed any missing points.')).toBeVisible();
    await claims.getByRole('textbox', { name: "Booking's PNR" }).fill(pnr);
    await claims.getByLabel('Travel date').fill('2026-11-02');
    await claims.getByRole('combobox', { name: 'What was booked' }).selectOption('hotel');
    await claims.getByRole('textbox', { name: 'Note (optional)' }).fill('Two nights in Vienna');
    await claims.getByRole('button', { name: 'Send the claim' }).click();
    await expect(
      claims.getByText(`Your claim for PNR ${pnr} was sent. We mail you our decision.`),
    ).toBeVisible();
    const list = claims.getByRole('table', { name: 'Your claims' });
    await expect(list.getByRole('row', { name: new RegExp(`${pnr}.*Open`) })).toBeVisible();
    await expectNoAxeViolations(page, 'at points page with a claim filed');

    // The Austrian manager approves it in the console with the proposed points.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await openConsoleAs(staffPage, 'manager', '/staff/claims?state=open&country=at');
    const queue = staffPage.getByRole('table', { name: 'Claims, oldest first' });
    const row = queue.getByRole('row').filter({ hasText: pnr });
    await expect(row).toContainText(number);
    await row.getByRole('link', { name: /^Claim \d+$/ }).click();
    await expect(staffPage.getByRole('heading', { level: 1 })).toContainText(pnr);
    await expect(staffPage.getByText('No booking of this PNR has arrived.')).toBeVisible();
    const points = staffPage.getByRole('textbox', { name: 'Points' });
    const proposed = await points.inputValue();
    expect(Number(proposed)).toBeGreaterThan(0);
    await staffPage
      .getByLabel('Reason (the member reads it)')
      .fill('Hotel nights credited: the remark was missing');
    await expectNoAxeViolations(staffPage, 'console claim page');
    await staffPage.getByRole('button', { name: 'Approve the claim' }).click();
    await expect(staffPage.getByText('The claim is approved.')).toBeVisible();
    await staffContext.close();

    // The member sees the credit with its reason, and is mailed.
    await page.reload();
    const approved = claims.getByRole('table', { name: 'Your claims' }).getByRole('row', {
      name: new RegExp(`${pnr}.*Approved.*${proposed}.*Hotel nights credited`),
    });
    await expect(approved).toBeVisible();
    await main.getByRole('tab', { name: 'Additional points' }).click();
    await expect(
      main
        .getByRole('tabpanel', { name: 'Additional points' })
        .getByRole('cell', { name: 'Hotel nights credited: the remark was missing' }),
    ).toBeVisible();
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toBe(`Your missing points for PNR ${pnr} are credited`);
    expect(mail.text).toContain(`credited ${proposed} points: Hotel nights credited`);
  });
});
