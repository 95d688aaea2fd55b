import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn, logInInEnglish, register, registerAndConfirm } from './support/membership';
import { openConsoleAs } from './support/staff';
import { countryUrl } from './support/urls';

/**
 * Unlocking ordering (issue 30, key moment 7): a new member sends the tax
 * details their country asks for from the gift list, staff confirm them in
 * the console's member view, and the member's gift list says they are ready
 * to order (at in English, left to right; Greece's members order through the
 * partner programme); the form at a phone's width on the Arabic
 * site (ae, right to left), axe clean.
 */

const password = 'Quokka4Orbit9';

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('tax details', () => {
  test.describe.configure({ timeout: 150_000 });

  test('at (ltr, English): the member sends tax details, staff confirm them, the gift list says ready to order', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('tax-at');
    const number = await registerAndConfirm(page, {
      country: 'at',
      path: '/eng/registration',
      officeId: 'VIEAT2101',
      email,
      password,
      firstName: 'Lukas',
    });
    await logInInEnglish(page, 'at', number, password);
    const main = page.getByRole('main');

    // Home asks for them and leads to the form.
    await page.goto(countryUrl('at', '/eng/'));
    await main.getByRole('link', { name: 'Send your tax details' }).click();
    await expect(page).toHaveURL(/\/eng\/gifts#tax-details$/);
    const section = main.getByRole('region', { name: 'Your tax details' });
    await expect(section).toBeVisible();
    await expectNoAxeViolations(page, 'at gifts in English, tax details form');

    await section.getByRole('textbox', { name: 'Tax number' }).fill('12ab');
    await section.getByRole('button', { name: 'Send my tax details' }).click();
    await expect(section.getByText("Pattern doesn't match")).toBeVisible();
    await section.getByRole('textbox', { name: 'Tax number' }).fill('12-345/6789');
    await section.getByRole('textbox', { name: 'Tax office' }).fill('Wien 1/23');
    await section.getByRole('button', { name: 'Send my tax details' }).click();
    await expect(
      section.getByText('Tax details sent — being checked. This takes a few days.'),
    ).toBeVisible();

    // Staff confirm them in the member view.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await openConsoleAs(staffPage, 'admin', `/staff/members/${number}`);
    const details = staffPage.getByRole('region', { name: 'Tax details' });
    await expect(details.getByText('Sent, waiting for a decision')).toBeVisible();
    await expect(details.getByText('12-345/6789')).toBeVisible();
    await details.getByRole('button', { name: 'Confirm tax details' }).click();
    await expect(details.getByText('Confirmed: ready to order')).toBeVisible();
    await expectNoAxeViolations(staffPage, 'console member view, tax details');
    await staffContext.close();

    // The member is mailed, and the gift list says ready to order.
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toBe('Your tax details are confirmed: you can order gifts');
    await page.goto(countryUrl('at', '/eng/gifts'));
    await expect(
      main.getByText('Your tax details are confirmed: you are ready to order.'),
    ).toBeVisible();
    await expect(main.getByRole('region', { name: 'Your tax details' })).toHaveCount(0);
  });

  test('ae (rtl Arabic, 390 px): the form of the country, labelled, the number left to right, axe clean', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // No double opt-in in ae: the new member is logged in at once.
    await register(page, {
      country: 'ae',
      path: '/eng/registration',
      officeId: 'DXBAE2101',
      email: uniqueEmail('tax-ae'),
      password,
      firstName: 'Amal',
    });
    await expect(page).toHaveURL(/\/registration-success/);
    await expectLoggedIn(page);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(countryUrl('ae', '/ara/gifts#tax-details'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const section = page.getByRole('main').getByRole('region', { name: 'بياناتك الضريبية' });
    await expect(section).toBeVisible();
    const taxNumber = section.getByRole('textbox', { name: 'رقم التسجيل الضريبي' });
    await expect(taxNumber).toHaveAttribute('dir', 'ltr');
    await expect(
      section.getByRole('textbox', { name: 'العنوان المسجّل لدى الضرائب' }),
    ).toBeVisible();
    await section.getByRole('button', { name: 'إرسال بياناتي الضريبية' }).click();
    await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'ae gifts, tax details form, Arabic, 390 px');

    await taxNumber.fill('100123456700003');
    await section.getByRole('textbox', { name: 'العنوان المسجّل لدى الضرائب' }).fill('دبي');
    await section.getByRole('button', { name: 'إرسال بياناتي الضريبية' }).click();
    await expect(
      section.getByText('تم إرسال البيانات الضريبية — جارٍ التحقق منها. يستغرق ذلك بضعة أيام.'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'ae gifts, tax details sent, Arabic, 390 px');
  });
});
