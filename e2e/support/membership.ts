import { expect, type Page } from '@playwright/test';
import { countryUrl } from './urls';
import { linkTo, waitForMail } from './mail';

export type NewMember = {
  country: string;
  /** Registration path, e.g. `/eng/registration` for a non-default language. */
  path?: string;
  officeId: string;
  email: string;
  password: string;
  firstName: string;
};

/** Walks every step of the registration screen as an agent would (spec 1 §2 "Registration"). */
export async function register(page: Page, member: NewMember): Promise<void> {
  await startRegistration(page, member.country, member.path);
  const main = page.getByRole('main');
  await main.getByLabel('Office ID').fill(member.officeId);
  await main.getByRole('button', { name: 'Continue' }).click();
  await main.getByRole('checkbox', { name: /I agree/ }).check();
  await main.getByRole('button', { name: 'Continue' }).click();
  await fillRegistrationForm(page, member);
  await main.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Opens registration and passes the country step (shown because the club has
 * several countries) with the current country, up to the office ID entry.
 */
export async function startRegistration(page: Page, country: string, path = '/registration') {
  await page.goto(countryUrl(country, path));
  const main = page.getByRole('main');
  const countrySelect = main.getByLabel('Country', { exact: true });
  await expect(countrySelect.or(main.getByLabel('Office ID'))).toBeVisible();
  if (await countrySelect.isVisible()) {
    await countrySelect.selectOption(country);
    await main.locator('button[type="submit"]').click();
  }
  await expect(main.getByLabel('Office ID')).toBeVisible();
}

export async function fillRegistrationForm(page: Page, member: NewMember): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(member.firstName);
  await main.getByLabel('Last name').fill('Papadopoulos');
  await main.getByLabel('Title').selectOption({ index: 1 });
  await main.getByLabel('Password', { exact: true }).fill(member.password);
  await main.getByLabel('Repeat the password').fill(member.password);
  await main.getByLabel('Email').fill(member.email);
}

/** Registers with double opt-in, confirms through the emailed link, and answers the member number. */
export async function registerAndConfirm(page: Page, member: NewMember): Promise<string> {
  await register(page, member);
  await expect(page).toHaveURL(/\/registration-success/);
  const mail = await waitForMail(member.email);
  const number = /member number is (\d+)/.exec(mail.text)?.[1];
  if (number === undefined) throw new Error('the confirmation mail has no member number');
  await page.goto(linkTo(mail, 'registration-email-confirm'));
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
  return number;
}

/** A confirmed member, logged in on `page` in their country; answers the member number. */
export async function registerAndLogIn(page: Page, member: NewMember): Promise<string> {
  const number = await registerAndConfirm(page, member);
  await logIn(page, member.country, number, member.password);
  await expectLoggedIn(page);
  return number;
}

export async function logIn(page: Page, country: string, number: string, password: string) {
  await page.goto(countryUrl(country, '/login'));
  const main = page.getByRole('main');
  await main.getByLabel('Member number').fill(number);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login' }).click();
}

/** Logs in through the English pages of a country (`/eng/login`) and waits for the member header. */
export async function logInInEnglish(
  page: Page,
  country: string,
  number: string,
  password: string,
) {
  await page.goto(countryUrl(country, '/eng/login'));
  const main = page.getByRole('main');
  await main.getByLabel('Member number').fill(number);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login' }).click();
  await expectLoggedIn(page);
}

/** The header's account menu button: its name holds the member's number, in any language. */
export function accountMenuButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /\d{5,}/ });
}

export async function expectLoggedIn(page: Page): Promise<void> {
  await expect(accountMenuButton(page)).toBeVisible();
}

/**
 * Logs out from the header: its own Log Out button where the header has room
 * for it (1280 px up), else through the account menu.
 */
export async function logOut(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const beside = banner.getByRole('button', { name: 'Log Out' });
  if (await beside.isVisible()) {
    await beside.click();
    return;
  }
  await accountMenuButton(page).click();
  await banner.getByRole('button', { name: 'Log Out' }).click();
}
