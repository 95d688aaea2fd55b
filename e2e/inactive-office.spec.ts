import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail, waitForMail } from './support/mail';
import { fillRegistrationForm, startRegistration } from './support/membership';
import { inMatrix } from './support/matrix';
import { countryUrl } from './support/urls';

/**
 * Registering with an office that does not take part (issue 30, moment 2):
 * where the country lets its agents register anyway (at, ae: decision-maker
 * opt-in off), the agent learns before the form is sent that bookings made in
 * that office earn nothing until it joins, may ask the decision maker, and
 * still registers. On an LTR site (at, English) and the Arabic one (ae).
 */

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of inMatrix(widths, 0)) {
  test.describe(`an office that never earns (${name})`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport });

    test('at (ltr): told before the form, asks the manager, still registers', async ({ page }) => {
      await startRegistration(page, 'at', '/eng/registration');
      const main = page.getByRole('main');
      await main.getByLabel('Office ID').fill('vieat2102');
      await main.getByRole('button', { name: 'Continue' }).click();

      await expect(
        main.getByRole('heading', { name: 'Your office does not take part yet' }),
      ).toBeFocused();
      await expect(main.getByRole('status').filter({ hasText: 'VIEAT2102' })).toHaveText(
        'The office VIEAT2102 (Prater Travel) has not joined the club: bookings made in it earn no points until it joins.',
      );
      await expectNoAxeViolations(page, `at inactive office (${name})`);

      await main.getByRole('button', { name: 'Request access to my manager' }).click();
      await expect(
        main.getByText('We have asked your manager. You can register now.'),
      ).toBeVisible();
      const request = await waitForMail('manager.vieat2102@example.com');
      expect(request.text).toContain('VIEAT2102');

      await main.getByRole('button', { name: 'Continue registration' }).click();
      await main.getByRole('checkbox', { name: /I agree/ }).check();
      await main.getByRole('button', { name: 'Continue' }).click();
      const email = uniqueEmail('inactive-at');
      await fillRegistrationForm(page, {
        country: 'at',
        officeId: 'VIEAT2102',
        email,
        password: 'Quokka4Orbit9',
        firstName: 'Jonas',
      });
      // Said again next to the office, before the form is sent.
      await expect(main.getByText(/earn no points until it joins/)).toBeVisible();
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/registration-success/);
      await waitForMail(email);
    });

    test('ae (rtl, Arabic): the notice in Arabic, the office ID read left to right', async ({
      page,
    }) => {
      await page.goto(countryUrl('ae', '/ara/registration'));
      const main = page.getByRole('main');
      // Several countries: the country step first, with ae chosen.
      await main.getByRole('combobox').selectOption('ae');
      await main.locator('button[type="submit"]').click();
      await main.getByLabel('رمز المكتب (Office ID)').fill('DXBAE2102');
      await main.getByRole('button', { name: 'متابعة' }).click();
      await expect(main.getByRole('heading', { name: 'مكتبك لا يشارك بعد' })).toBeVisible();
      const notice = main.getByRole('status').filter({ hasText: 'DXBAE2102' });
      await expect(notice).toContainText('لم ينضم إلى النادي');
      await expect(notice.locator('[dir="ltr"]')).toHaveText('DXBAE2102');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoAxeViolations(page, `ae inactive office (${name})`);
      await main.getByRole('button', { name: 'متابعة التسجيل' }).click();
      await expect(main.getByRole('checkbox', { name: 'أوافق على شروط النادي' })).toBeVisible();
    });
  });
}
