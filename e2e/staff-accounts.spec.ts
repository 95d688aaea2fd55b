import { expect, test, type Page } from '@playwright/test';
import { totpCode, totpStep } from '../apps/server/src/modules/staff/totp.ts';
import { expectNoAxeViolations } from './support/axe';
import { linkTo, waitForMail } from './support/mail';
import { openConsoleAs, staffAccount, staffToken } from './support/staff';

/**
 * Staff accounts and the audit log in the console: an admin adds a support
 * account, its owner gets the setup link by mail, sets it up and logs in, the admin
 * disables it, and the audit log shows the journey; a manager has no Staff
 * area and cannot make its calls.
 */

const password = 'a long support passphrase';

/** The row of an account in the Staff area's table. */
/** The console's navigation (the overview lists the areas too). */
const nav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

const rowOf = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: email }) });

test.describe('staff accounts', () => {
  test('an admin adds a support account; its owner sets it up and logs in; the admin disables it; the audit log shows it', async ({
    page,
    browser,
  }) => {
    const email = `support.${Date.now()}@example.com`;
    await openConsoleAs(page, 'admin', '/staff/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(rowOf(page, staffAccount('manager').email)).toContainText('Set up');
    await expectNoAxeViolations(page, 'console staff area');

    // A bad country is refused under its field.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('support');
    await page.getByLabel('Countries', { exact: true }).fill('at, zz');
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByText('No such country: zz')).toBeVisible();
    await page.getByLabel('Countries', { exact: true }).fill('at');
    await page.getByRole('button', { name: 'Add account' }).click();
    const shown = await page.getByTestId('setup-link').textContent();
    expect(shown).toMatch(/\/staff\/setup\?token=stf_/);
    await expect(page.getByText(`it was mailed to ${email}`)).toBeVisible();
    await expect(rowOf(page, email)).toContainText('Waiting for setup');
    await expectNoAxeViolations(page, 'console staff area with a setup link');

    // The new staff member gets the same link by mail, in English, and opens it in a browser of their own.
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your staff console account: set your password and code');
    expect(mail.text).toContain('as support for AT');
    const link = linkTo(mail, 'setup');
    expect(link).toBe(shown);
    const theirs = await browser.newContext();
    const setup = await theirs.newPage();
    await setup.goto(new URL(link).pathname + new URL(link).search);
    await expect(
      setup.getByRole('heading', { level: 1, name: 'Set up your staff account' }),
    ).toBeVisible();
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectNoAxeViolations(setup, 'console setup screen');
    const secret = (await setup.locator('.setup-secret code').textContent())!.replace(/\s/g, '');
    const step = totpStep(Date.now());
    await setup.getByLabel('Password', { exact: true }).fill(password);
    await setup.getByLabel('Repeat the password').fill(password);
    await setup
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(secret, step * 30_000));
    await setup.getByRole('button', { name: 'Set up my account' }).click();
    await expect(setup.getByText('Your account is set up.')).toBeVisible();
    await setup.getByRole('link', { name: 'Log in' }).click();
    await setup.getByLabel('Email').fill(email);
    await setup.getByLabel('Password').fill(password);
    // The setup used this step's code: the login takes the next one (one step of drift is allowed).
    await setup
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(secret, (step + 1) * 30_000));
    await setup.getByRole('button', { name: 'Log in' }).click();
    await expect(setup.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(setup.getByText('support of AT')).toBeVisible();
    // Support has no Staff area.
    await expect(nav(setup).getByRole('link', { name: 'Staff' })).toHaveCount(0);

    // The admin disables the account, confirming first: its session ends.
    await page.reload();
    await rowOf(page, email)
      .getByRole('button', { name: `Disable ${email}` })
      .click();
    await page
      .getByRole('dialog', { name: `Disable ${email}?` })
      .getByRole('button', { name: 'Disable the account' })
      .click();
    await expect(rowOf(page, email)).toContainText('Disabled');
    await nav(setup).getByRole('link', { name: 'Audit log' }).click();
    await expect(setup.getByText('Your session ended. Log in again to go on.')).toBeVisible();
    await theirs.close();

    // The audit log: the journey's entries, by action and by who.
    await nav(page).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expectNoAxeViolations(page, 'console audit log');
    await page.getByLabel('Action').selectOption('staff.add');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/action=staff.add/);
    // The list of the last filter stays shown (busy) until the new one arrives: wait for it.
    const added = page.getByRole('row').filter({ hasText: email });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('admin@example.com');
    // The change reads in words (the state's name), not as the stored code.
    await expect(added).toContainText('Waiting for setup');
    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('Staff', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: 'staff.setup' })).toHaveCount(1);
    await page.getByLabel('Staff', { exact: true }).fill('');
    await page.getByLabel('Action').selectOption('staff.disable');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const disabled = page
      .getByRole('row')
      .filter({ hasText: 'staff.disable' })
      .filter({ hasText: email });
    await expect(disabled).toHaveCount(1);
    await expect(disabled).toContainText('Set up → Disabled');
    // A member nobody changed has no entries.
    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('Member number').fill('9000006');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByLabel('Member number').fill('x');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('A member number')).toBeVisible();
    await expectNoAxeViolations(page, 'console audit log with a refused filter');

    // The export holds the filtered entries.
    await page.getByLabel('Member number').fill('');
    await page.getByLabel('Action').selectOption('staff.add');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    // The export takes the shown list's filters: wait for that list first.
    await expect(page.getByText('A member number')).toHaveCount(0);
    await expect(
      page.getByRole('row').filter({ hasText: 'staff.add' }).filter({ hasText: email }),
    ).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain(`staff.add,staff,${email}`);
    expect(csv).not.toContain('staff.setup');
  });

  test('an admin changes an account’s role and countries, and makes a new setup link', async ({
    page,
  }) => {
    const email = `manager.${Date.now()}@example.com`;
    await openConsoleAs(page, 'admin', '/staff/staff');
    // The least access is the default role.
    await expect(page.getByLabel('Role')).toHaveValue('support');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('manager');
    await page.getByLabel('Countries', { exact: true }).fill('gr');
    await page.getByRole('button', { name: 'Add account' }).click();
    await expect(page.getByTestId('setup-link')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await rowOf(page, email)
      .getByRole('button', { name: `Change ${email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Change ${email}` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'console change staff account dialog');
    await dialog.getByLabel('Countries', { exact: true }).fill('gr, at');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, email)).toContainText('AT, GR');
    await rowOf(page, email)
      .getByRole('button', { name: `New setup link for ${email}` })
      .click();
    await page.getByRole('button', { name: 'Clear and make a new link' }).click();
    await expect(page.getByTestId('setup-link')).toContainText('/staff/setup?token=stf_');
    // The admin's own row offers no disable, change or reset.
    await expect(rowOf(page, 'admin@example.com').getByRole('button')).toHaveCount(0);
  });

  test('a manager has no Staff area, cannot reach it, and gets 403 on its calls; their audit log keeps to their countries', async ({
    page,
  }) => {
    await openConsoleAs(page, 'manager', '/staff/');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.goto('/staff/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    const token = await staffToken(page.request, 'manager');
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.get('/s2c/staff/v1/staff', { headers })).status()).toBe(403);
    const add = await page.request.post('/s2c/staff/v1/staff', {
      headers,
      form: { email: 'sneaky@example.com', role: 'admin', countries: '' },
    });
    expect(add.status()).toBe(403);
    expect((await page.request.post('/s2c/staff/v1/staff/1/disable', { headers })).status()).toBe(
      403,
    );

    await page.goto('/staff/audit?action=staff.add');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    // Adding staff concerns no country: a manager sees none of it.
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await expectNoAxeViolations(page, 'console audit log as a manager');
  });
});
