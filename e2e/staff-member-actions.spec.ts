import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { waitForMail, uniqueEmail } from './support/mail';
import { logInInEnglish, register, registerAndConfirm } from './support/membership';
import { openConsoleAs, staffToken } from './support/staff';
import { countryUrl } from './support/urls';

/**
 * The member view's account actions (/staff/members/{number}), as the
 * manager of Austria and as an admin: each confirmed in a dialog, with its
 * reason where one is required, and its result in the live region. The
 * journeys change members they register themselves, so the shared demo
 * members stay as other journeys expect them.
 */

const austrianOffice = 'VIEAT2101';

/** Opens the dialog of an action, gives the reason (if any) and confirms it. */
async function runAction(page: Page, label: string, reason?: string) {
  const actions = page.getByRole('region', { name: 'Account actions' });
  await actions.getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${label}`) });
  await expect(dialog).toBeVisible();
  if (reason !== undefined) await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toBeHidden();
}

const result = (page: Page) =>
  page.getByRole('region', { name: 'Account actions' }).getByRole('status');

test.describe('account actions on the member view', () => {
  test('the manager of Austria resends a pending member the confirmation mail', async ({
    page,
  }) => {
    const email = uniqueEmail('staff-resend');
    await register(page, {
      country: 'at',
      path: '/eng/registration',
      officeId: austrianOffice,
      email,
      password: 'Vienna2026',
      firstName: 'Pending',
    });
    const first = await waitForMail(email);
    const number = /member number is (\d+)/.exec(first.text)?.[1];
    expect(number).toBeDefined();

    await openConsoleAs(page, 'manager', `/staff/members/${number}`);
    const actions = page.getByRole('region', { name: 'Account actions' });
    await expect(actions.getByRole('button', { name: 'Resend confirmation mail' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Restore account' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'member view with account actions');
    await runAction(page, 'Resend confirmation mail', 'Called: the first mail did not arrive');
    await expect(result(page)).toHaveText('Confirmation mail sent.');
    await waitForMail(email, 2);
  });

  test('the manager of Austria ends sessions, marks direct access, deletes and restores', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('staff-actions');
    const password = 'Vienna2026';
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const number = await registerAndConfirm(memberPage, {
      country: 'at',
      path: '/eng/registration',
      officeId: austrianOffice,
      email,
      password,
      firstName: 'Agnes',
    });
    await logInInEnglish(memberPage, 'at', number, password);

    await openConsoleAs(page, 'manager', `/staff/members/${number}`);
    await runAction(page, 'End sessions');
    await expect(result(page)).toHaveText('Sessions ended.');
    await memberPage.goto(countryUrl('at', '/eng/points'));
    // Logged out: the header offers the login again.
    await expect(memberPage.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await memberContext.close();

    await runAction(page, 'Mark as direct-access user', 'The agency moved to the direct product');
    await expect(result(page)).toHaveText('Marked as a direct-access user.');
    await runAction(page, 'Unmark direct-access user', 'Marked by mistake');
    await expect(result(page)).toHaveText('No longer a direct-access user.');

    // Delete needs a reason: the dialog says so and stays open.
    const actions = page.getByRole('region', { name: 'Account actions' });
    await actions.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: /^Delete account/ });
    await expectNoAxeViolations(page, 'delete account dialog');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('Give a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The member asked by phone to leave');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(result(page)).toHaveText('Account deleted.');
    await expect(actions.getByRole('button', { name: 'Delete account' })).toHaveCount(0);

    await runAction(page, 'Restore account', 'The member changed their mind');
    await expect(result(page)).toHaveText('Account restored.');
    await waitForMail(email, 2);
  });

  test('the manager of Austria cannot reach a Greek member, nor its actions', async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/members/9000001');
    await expect(page.getByRole('region', { name: 'Account actions' })).toHaveCount(0);
    const token = await staffToken(page.request, 'manager');
    const answer = await page.request.get('/s2c/staff/v1/members/9000001/actions', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(404);
  });

  test('an admin exports a Greek member’s data as JSON', async ({ page }) => {
    await openConsoleAs(page, 'admin', '/staff/members/9000001');
    const actions = page.getByRole('region', { name: 'Account actions' });
    await actions.getByRole('button', { name: 'Export data (JSON)' }).click();
    const dialog = page.getByRole('dialog', { name: /^Export data/ });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('member-9000001.json');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const exported = JSON.parse(await readFile(path, 'utf8')) as { member: { number: string } };
    expect(exported.member.number).toBe('9000001');
    await expect(result(page)).toHaveText('Export downloaded.');
  });
});
