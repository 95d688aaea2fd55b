import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshCode, openConsoleAs, staffAccount } from './support/staff';

test.describe('staff console login', () => {
  test('the manager of Austria logs in with password and code, and logs out', async ({ page }) => {
    const manager = staffAccount('manager');
    await page.goto('/staff/');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
    await expectNoAxeViolations(page, 'console login');
    await page.getByLabel('Email').fill(manager.email);
    await page.getByLabel('Password').fill(manager.password);
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(manager.email));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('manager of AT')).toBeVisible();
    await expectNoAxeViolations(page, 'console overview');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a wrong code is refused without saying which factor was wrong', async ({ page }) => {
    const admin = staffAccount('admin');
    await page.goto('/staff/');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email, password or code is not right');
  });

  test('a country host sends staff to the console on the root domain', async ({
    page,
    baseURL,
  }) => {
    const port = new URL(baseURL!).port;
    await page.goto(`http://gr.localhost:${port}/staff/`);
    await expect(page).toHaveURL(`http://localhost:${port}/staff/`);
  });

  test('an admin arrives signed in from a stored session', async ({ page }) => {
    await openConsoleAs(page, 'admin');
    await expect(page.getByText('admin of every country')).toBeVisible();
  });
});
