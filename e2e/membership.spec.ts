import { expect, test } from '@playwright/test';
import { countryUrl } from './support/urls';
import { linkTo, mailsTo, uniqueEmail, waitForMail } from './support/mail';
import {
  expectLoggedIn,
  logOut,
  fillRegistrationForm,
  logIn,
  register,
  registerAndConfirm,
  registerAndLogIn,
  startRegistration,
} from './support/membership';

const password = 'Journey2026';

test.describe('membership journeys', () => {
  // Journeys of many pages and several password hashes (argon2id): with two
  // workers on a two-core machine they take longer than one page's 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('double opt-in: register, confirm through the emailed link, log in, log out', async ({
    page,
  }) => {
    const email = uniqueEmail('optin');
    const number = await registerAndConfirm(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Eleni',
    });
    await logIn(page, 'gr', number, password);
    await expect(page).toHaveURL(countryUrl('gr', '/'));
    await expectLoggedIn(page);
    await expect(page.getByText('Welcome, Eleni!')).toBeVisible();

    // A logged-in member who opens login is sent home.
    await page.goto(countryUrl('gr', '/login'));
    await expect(page).toHaveURL(countryUrl('gr', '/'));

    await logOut(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The confirmation link works once.
    const confirm = linkTo(await waitForMail(email), 'registration-email-confirm');
    await page.goto(confirm);
    await expect(page.getByText(/not valid any more|already active/)).toBeVisible();
  });

  test('without double opt-in the new member is logged in and sees their number', async ({
    page,
  }) => {
    await register(page, {
      country: 'ae',
      path: '/eng/registration',
      officeId: 'DXBAE2101',
      email: uniqueEmail('direct'),
      password,
      firstName: 'Omar',
    });
    await expect(page).toHaveURL(/\/registration-success/);
    await expect(page.locator('.membership__member-number')).toHaveText(/^\d+$/);
    await expectLoggedIn(page);
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await logIn(page, 'gr', '1000001', 'WrongPass99');
    await expect(page.getByText('Invalid Username or Password')).toBeVisible();
    await logIn(page, 'gr', 'abc', 'whatever1');
    await expect(page.getByText('Invalid Username or Password')).toBeVisible();
  });

  test('the browser a member logged in with gets in at once while the number is under attack; another browser waits', async ({
    page,
    browser,
    request,
  }) => {
    const number = await registerAndLogIn(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email: uniqueEmail('device'),
      password,
      firstName: 'Nikos',
    });
    // The login set the device cookie: HttpOnly, strict, sent with the login call only.
    const device = (await page.context().cookies()).find((cookie) => cookie.name === 'device');
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/s2c/auth/v1/token/agent',
    });
    await logOut(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    // Someone else guesses the number's password, each time the backoff lets them, until the
    // number is blocked for 16 s: long enough for both browsers below to try.
    test.setTimeout(180_000);
    const port = process.env.E2E_PORT ?? '3100';
    let blockedFor = 0;
    for (let guess = 0; blockedFor < 16; guess++) {
      const response = await request.post(`http://localhost:${port}/s2c/auth/v1/token/agent`, {
        form: { username: number, password: `Guess${guess}wrong` },
      });
      if (response.status() === 429) {
        blockedFor = Number(response.headers()['retry-after']);
        if (blockedFor < 16) await page.waitForTimeout(blockedFor * 1000);
      } else {
        expect(response.status()).toBe(401);
      }
    }

    // The member's own browser logs in at once.
    await logIn(page, 'gr', number, password);
    await expectLoggedIn(page);

    // A browser that never logged in as this member is held back.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await logIn(stranger, 'gr', number, password);
      await expect(
        stranger.getByText('Too many attempts. Please try again in a few minutes.'),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('reconfirm sends a new activation link', async ({ page }) => {
    const email = uniqueEmail('reconfirm');
    await register(page, {
      country: 'at',
      path: '/eng/registration',
      officeId: 'VIEAT2101',
      email,
      password,
      firstName: 'Lukas',
    });
    await expect(page).toHaveURL(/\/registration-success/);
    await waitForMail(email);
    // The end-to-end server sends a member at most one such mail a second
    // (MAIL_RESEND_QUIET_SECONDS); a real agent asks again much later.
    await page.waitForTimeout(1_100);
    await page.goto(countryUrl('at', '/eng/reconfirm'));
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: /Send/ }).click();
    const second = await waitForMail(email, 2);
    await page.goto(linkTo(second, 'registration-email-confirm'));
    await expect(
      page.getByRole('main').getByRole('link', { name: /Log in|Anmelden/ }),
    ).toBeVisible();
  });

  test('retrieve password, set a new one, log in with it; the old session is gone', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('reset');
    const number = await registerAndConfirm(page, {
      country: 'gr',
      officeId: 'SKGGR2103',
      email,
      password,
      firstName: 'Kostas',
    });
    const other = await browser.newPage();
    await logIn(other, 'gr', number, password);
    await expectLoggedIn(other);

    await page.goto(countryUrl('gr', '/retrieve-password'));
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText(/within (a few )?minutes/)).toBeVisible();
    const resetMail = await waitForMail(email, 2);
    await page.goto(linkTo(resetMail, 'forgot-password'));
    await expect(page.getByText(/Kostas/)).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'New password' }).fill('Renewed2027');
    await main.getByLabel('Repeat the password').fill('Renewed2027');
    await main.getByRole('button', { name: 'Save the password' }).click();
    await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();

    await logIn(page, 'gr', number, password);
    await expect(page.getByText('Invalid Username or Password')).toBeVisible();
    await logIn(page, 'gr', number, 'Renewed2027');
    await expectLoggedIn(page);

    await other.reload();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await other.close();
  });

  test('profile update shows the spec messages and saves', async ({ page }) => {
    const email = uniqueEmail('profile');
    const number = await registerAndLogIn(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Maria',
    });
    await page.goto(countryUrl('gr', '/profile-update'));
    const main = page.getByRole('main');
    await expect(main.getByLabel('Member number')).toHaveValue(number);
    await main.getByLabel('Phone').fill('12');
    await main.getByLabel('Phone').blur();
    await expect(main.getByText(/Wrong format/)).toBeVisible();
    await main.getByLabel('Phone').fill('+30 2101234567');
    await main.getByLabel('Gift delivery address').fill('12 Ermou Street, Athens');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Your details have been updated.')).toBeVisible();
    // Announced (a live region that was there before) and in view where the member is, by Save.
    const saved = main.locator('.profile-outcome');
    await expect(saved).toHaveAttribute('role', 'status');
    await expect(saved).toBeInViewport();
    await expect(main.getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.reload();
    await expect(page.getByRole('main').getByLabel('Gift delivery address')).toHaveValue(
      '12 Ermou Street, Athens',
    );
  });

  test('change the email with the current password, confirm through the mailed link, log in; the old session is gone', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('moving');
    const newEmail = uniqueEmail('moved');
    const number = await registerAndLogIn(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Eleni',
    });
    const other = await browser.newPage();
    await logIn(other, 'gr', number, password);
    await expectLoggedIn(other);

    await page.goto(countryUrl('gr', '/profile-update'));
    const main = page.getByRole('main');
    await expect(main.getByLabel('Member number')).toHaveValue(number);
    await expect(main.getByLabel('Current password')).toHaveCount(0);
    await main.getByLabel('Email').fill(newEmail);
    const current = main.getByLabel('Current password');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Field is required')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await current.fill('Wrong2026x');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByText('Invalid Password')).toBeVisible();
    await current.fill(password);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(
      main.getByText(`We have sent a link to ${newEmail}.`, { exact: false }),
    ).toBeVisible();
    // Until the link is followed the email stays, and the current address is told.
    await expect(main.getByLabel('Email')).toHaveValue(email);
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
      .toContain('Your email address is about to change');

    const confirmMail = await waitForMail(newEmail);
    await page.goto(linkTo(confirmMail, 'email-change-confirm'));
    await expect(
      page.getByText('Your new email address is confirmed.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    await logIn(page, 'gr', number, password);
    await expectLoggedIn(page);
    await page.goto(countryUrl('gr', '/profile-update'));
    await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(newEmail);

    // The session of the other browser ended with the change.
    await other.reload();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await other.close();

    // The link works once.
    await page.goto(linkTo(confirmMail, 'email-change-confirm'));
    await expect(page.getByRole('alert').getByText(/The link is not valid any more/)).toBeVisible();
  });

  test('delete, confirm, restore, confirm, log in again', async ({ page }) => {
    const email = uniqueEmail('leave');
    const number = await registerAndLogIn(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Yannis',
    });
    await page.goto(countryUrl('gr', '/profile-delete'));
    await page.getByRole('main').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { name: 'Deletion Acceptance' })).toBeVisible();
    const deleteMail = await waitForMail(email, 2);
    await page.goto(linkTo(deleteMail, 'delete-confirm'));
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Reactivate my account' }),
    ).toBeVisible();
    // The right password to the deleted account: no session, and its restore is offered.
    await logIn(page, 'gr', number, password);
    await expect(page.getByText(/^This account was deleted\./).first()).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Restore your account' }),
    ).toHaveAttribute('href', '/restore');
    await page.goto(countryUrl('gr', '/restore'));
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Member number').fill(number);
    await main.getByRole('button', { name: 'Restore my account' }).click();
    const restoreMail = await waitForMail(email, 3);
    await page.goto(linkTo(restoreMail, 'restore-confirm'));
    await expect(page.getByText('Account successfully restored!')).toBeVisible();
    await page.goto(linkTo(restoreMail, 'restore-confirm'));
    // A reused link: the headline shows once, with the way to log in.
    await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(main.getByText('Already restored!')).toHaveCount(1);

    await logIn(page, 'gr', number, password);
    await expectLoggedIn(page);
  });

  test('the terms dialog asks a member who has not accepted the updated terms', async ({
    page,
  }) => {
    const email = uniqueEmail('terms');
    const number = await registerAndConfirm(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Sofia',
    });
    // The terms were updated after this member accepted them: the server says so
    // until the member approves (login answer and user check alike).
    let updated = true;
    const notAccepted = (user: Record<string, unknown>) => {
      user.agentAcceptedTermsAndConditions = false;
    };
    await page.route(/\/s2c\/auth\/v1\/(agents\/\d+|token\/agent)$/, async (route) => {
      if (!updated || route.request().method() === 'PUT') return route.continue();
      const answer = await route.fetch({
        url: route.request().url().replace('//gr.localhost', '//localhost'),
      });
      const body = (await answer.json()) as { data: Record<string, unknown> };
      if ('user' in body.data) notAccepted(body.data.user as Record<string, unknown>);
      else notAccepted(body.data);
      await route.fulfill({ response: answer, json: body });
    });
    await logIn(page, 'gr', number, password);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /terms/i })).toHaveAttribute('target', '_blank');
    updated = false;
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  });

  test('registration starts with the subscribe text of the country and language', async ({
    page,
  }) => {
    await startRegistration(page, 'gr', '/registration');
    const main = page.getByRole('main');
    await expect(main.getByText(/^Join the club with your office ID/)).toBeVisible();
    await expect(main.getByLabel('Office ID')).toBeVisible();
  });

  test('a direct-sales office gets the direct-office notice', async ({ page }) => {
    await startRegistration(page, 'gr', '/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('ATHGR2190');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByRole('heading', { name: /Amadeus Direct/ })).toBeVisible();
    await main.getByLabel('Office ID').isHidden();
  });

  test('an unknown office ID shows Office ID not found', async ({ page }) => {
    await startRegistration(page, 'ae', '/eng/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('NOSUCH1');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByText('Office ID not found')).toBeVisible();
  });

  test('inactive office with decision-maker opt-in: request access, then ask to be notified', async ({
    page,
  }) => {
    const email = uniqueEmail('notify');
    await startRegistration(page, 'gr', '/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('hergr2104');
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Request access to my manager' }).click();
    const request = await waitForMail('manager.hergr2104@example.com');
    expect(request.text).toContain('HERGR2104');
    await main.getByLabel('Email').fill(email);
    await main.getByRole('button', { name: 'Notify me' }).click();
    await expect(main.getByText(/Thank you!/)).toBeVisible();
    expect(await mailsTo(email)).toEqual([]);
  });

  test('registration form messages show after a field is touched', async ({ page }) => {
    await startRegistration(page, 'gr', '/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('ATHGR2101');
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('checkbox', { name: /I agree/ }).check();
    await main.getByRole('button', { name: 'Continue' }).click();
    await fillRegistrationForm(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email: 'not-an-email',
      password: 'short',
      firstName: 'Νίκος',
    });
    await main.getByLabel('Repeat the password').fill('different1');
    await main.getByLabel('Phone').fill('12');
    await main.getByLabel('Phone').blur();
    await expect(
      main.getByText('Only latin letters, spaces, commas, points and hyphens allowed'),
    ).toBeVisible();
    await expect(
      main.getByText('Minimum 7 characters, maximum 20 characters, must contain letter and digit'),
    ).toBeVisible();
    await expect(main.getByText(/Wrong format, e\.g\. name@example\.com/)).toBeVisible();
    // The example is isolated to read left to right (U+2066 … U+2069).
    await expect(main.getByText(/Wrong format, e\.g\. \u2066?\+30/)).toBeVisible();
    await expect(main.getByText('Password mismatch')).toBeVisible();
  });
});

test.describe('validation rows in the browser', () => {
  test('numbers only, short text, sign and max length show their spec messages after touch', async ({
    page,
  }) => {
    await page.goto(countryUrl('gr', '/restore'));
    const restore = page.getByRole('main');
    await restore.getByLabel('Member number').fill('12ab');
    await restore.getByLabel('Member number').blur();
    await expect(restore.getByText('Only numbers are allowed')).toBeVisible();

    await startRegistration(page, 'at', '/eng/registration');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('X'.repeat(21));
    await main.getByLabel('Office ID').blur();
    await expect(main.getByText('Maximum 20 characters')).toBeVisible();
    await main.getByLabel('Office ID').fill('VIEAT2101');
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('checkbox', { name: /I agree/ }).check();
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByLabel(/Sign/).fill('12');
    await main.getByLabel(/Sign/).blur();
    // In the page's language: English here (the spec's German wording is the German page's).
    await expect(main.getByText('Enter the first 4 digits')).toBeVisible();
  });

  test('the sign field is only on the Austrian form', async ({ page }) => {
    await startRegistration(page, 'gr');
    const main = page.getByRole('main');
    await main.getByLabel('Office ID').fill('ATHGR2101');
    await main.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('checkbox', { name: /I agree/ }).check();
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByLabel('First name')).toBeVisible();
    await expect(main.getByLabel(/Sign/)).toHaveCount(0);
  });

  test('free text over 255 characters: Max length exceeded', async ({ page }) => {
    const email = uniqueEmail('long');
    await registerAndLogIn(page, {
      country: 'gr',
      officeId: 'ATHGR2101',
      email,
      password,
      firstName: 'Petros',
    });
    await page.goto(countryUrl('gr', '/profile-update'));
    const field = page.getByRole('main').getByLabel('Gift delivery address');
    await field.fill('x'.repeat(256));
    await field.blur();
    await expect(page.getByRole('main').getByText('Max length exceeded')).toBeVisible();
  });
});
