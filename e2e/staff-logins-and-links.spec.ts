import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken, placeOrder } from './support/gift-orders';
import { openConsoleAs, staffAccount } from './support/staff';

/**
 * Staff logins in the audit log, and a console without dead ends: a failed
 * login at the manager's email is in the account's audit trail, reached from
 * the Staff area; an order in a member's ledger opens the order, whose member
 * opens the member view again.
 */

/** Demo member of `at` with 1,000 welcome points (content/demo). */
const jonas = { number: '9000004', password: 'demo2026' };

test.describe.configure({ timeout: 90_000 });

test('a failed staff login is in the account’s audit trail, with why in words', async ({
  page,
}) => {
  const manager = staffAccount('manager');
  await page.goto('/staff/');
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password').fill('not the password of the manager');
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email, password or code is not right');

  // The audit log fits a 1280 px screen: its changes wrap, nothing scrolls sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsoleAs(page, 'admin', '/staff/staff');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: `Audit trail of ${manager.email}` }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByLabel('Kind of target')).toHaveValue('staff');
  await expect(page.getByLabel('Target', { exact: true })).toHaveValue(manager.email);
  const failed = main
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'staff.login-failed', exact: true }) });
  await expect(failed.first()).toContainText('Wrong password or code');
  await expect(failed.first()).toContainText('login form');
  await expectNoAxeViolations(page, 'console audit trail of a staff account');
  const region = main.getByRole('region', { name: 'Audit entries' });
  expect(
    await region.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);
  // The admin's own login is theirs in the log.
  await page.goto(
    `/staff/audit?action=staff.login&staff=${encodeURIComponent(staffAccount('admin').email)}`,
  );
  await expect(
    main
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'staff.login', exact: true }) })
      .first(),
  ).toContainText('Client address');
});

test('a member’s ledger links its order, and the order links the member', async ({
  page,
  request,
}) => {
  const token = await memberToken(request, jonas);
  const orderId = await placeOrder(request, token, 'at', '203:1');

  await openConsoleAs(page, 'manager', `/staff/members/${jonas.number}`);
  const main = page.getByRole('main');
  const ledger = main.getByRole('table', { name: /Every change of the member’s points/ });
  await ledger.getByRole('link', { name: `Order ${orderId}`, exact: true }).click();
  await expect(main.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await expectNoAxeViolations(page, 'order opened from the ledger');
  await main
    .getByRole('link', { name: new RegExp(jonas.number) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/staff/members/${jonas.number}$`));
  await expect(ledger.getByRole('link', { name: `Order ${orderId}`, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'member view with ledger links');
});
