import { expect, test, type Page } from '@playwright/test';
import { linkTo, uniqueEmail, waitForMail } from './support/mail';
import { expectLoggedIn, fillRegistrationForm } from './support/membership';
import { countryUrl } from './support/urls';
import { inMatrix } from './support/matrix';

/**
 * The country sites: Cyprus, whose subdomain is disabled, lives on the root
 * site under `/cy`; a member who logs in on another country's site arrives
 * signed in on their own (decision 026); registration shows its steps and
 * the country of the site, and password fields show and hide their value.
 * Each at a desktop and a phone width, left to right and right to left.
 */
const port = process.env.E2E_PORT ?? '3100';
const rootUrl = (path: string) => `http://localhost:${port}${path}`;

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The session this origin holds works: the user check answers with it. */
async function sessionWorksHere(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const id = localStorage.getItem('userId');
    if (token === null || id === null) return false;
    const answer = await fetch(`/s2c/auth/v1/agents/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.ok;
  });
}

for (const { name, viewport } of inMatrix(widths, 1)) {
  test.describe(`country sites (${name})`, () => {
    test.use({ viewport });

    test('a Cypriot agent registers, confirms and logs in on the root site under /cy', async ({
      page,
    }) => {
      const email = uniqueEmail(`cyprus-${name}`);
      const password = 'Larnaca2026';
      // The disabled subdomain sends the agent to the root site with the prefix.
      await page.goto(countryUrl('cy', '/registration'));
      await expect(page).toHaveURL(rootUrl('/cy/registration'));
      const main = page.getByRole('main');
      // The site's country is chosen already: one press of Select continues.
      await expect(main.getByLabel('Country', { exact: true })).toHaveValue('cy');
      await expect(main.getByRole('list', { name: 'Step 1 of 4' })).toBeVisible();
      await main.getByRole('button', { name: 'Select' }).click();
      await expect(main.getByRole('list', { name: 'Step 2 of 4' })).toBeVisible();
      await main.getByLabel('Office ID').fill('NICCY2101');
      await main.getByRole('button', { name: 'Continue' }).click();
      await main.getByRole('checkbox', { name: /I agree/ }).check();
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(main.getByRole('list', { name: 'Step 4 of 4' })).toBeVisible();
      await expect(main.getByLabel('Agency')).toHaveValue('Ledra Travel');
      await fillRegistrationForm(page, {
        country: 'cy',
        officeId: 'NICCY2101',
        email,
        password,
        firstName: 'Andreas',
      });
      await main.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(rootUrl('/cy/registration-success'));

      const mail = await waitForMail(email);
      const number = /member number is (\d+)/.exec(mail.text)?.[1];
      expect(number).toBeDefined();
      const link = linkTo(mail, 'registration-email-confirm');
      expect(link.startsWith(rootUrl('/cy/registration-email-confirm?token='))).toBe(true);
      await page.goto(link);
      await main.getByRole('link', { name: 'Log in' }).click();
      await expect(page).toHaveURL(rootUrl('/cy/login'));
      await main.getByLabel('Member number').fill(number!);
      await main.getByLabel('Password', { exact: true }).fill(password);
      await main.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(rootUrl('/cy'));
      await expect.poll(() => sessionWorksHere(page)).toBe(true);
      if (name === 'desktop') await expectLoggedIn(page);
    });

    test('choosing Cyprus on the Greek site leads to the root site under /cy', async ({ page }) => {
      await page.goto(countryUrl('gr', '/registration'));
      const main = page.getByRole('main');
      await expect(main.getByLabel('Country', { exact: true })).toHaveValue('gr');
      await main.getByLabel('Country', { exact: true }).selectOption('cy');
      await main.getByRole('button', { name: 'Select' }).click();
      await expect(page).toHaveURL(rootUrl('/cy/registration?countrySelected=1'));
      await expect(main.getByLabel('Office ID')).toBeVisible();
      await expect(main.getByRole('list', { name: 'Step 2 of 4' })).toBeVisible();
    });

    test('a member who logs in on the Greek site in Greek arrives on their home, in Greek where their site offers it, else in its default language', async ({
      page,
    }) => {
      const logInHere = async (path: string, number: string) => {
        await page.goto(countryUrl('gr', path));
        const main = page.getByRole('main');
        await main.locator('input[name="number"]').fill(number);
        await main.locator('input[name="password"]').fill('demo2026');
        await main.locator('button[type="submit"]').click();
      };
      // Austria has no Greek: its home in German, not a 404 under /ell.
      await logInHere('/ell/login', '9000002');
      await expect(page).toHaveURL(countryUrl('at', '/'));
      await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => sessionWorksHere(page)).toBe(true);
      // An Emirati member from the English login arrives on the English home of the Emirates.
      await page.context().clearCookies();
      await logInHere('/eng/login', '9000003');
      await expect(page).toHaveURL(countryUrl('ae', '/eng'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      // A signed-in member who opens login there goes home.
      await page.goto(countryUrl('ae', '/eng/login'));
      await expect(page).toHaveURL(countryUrl('ae', '/eng'));
    });

    test('an unknown language prefix falls back to the same page in the default language', async ({
      page,
    }) => {
      await page.goto(countryUrl('at', '/ell/faq'));
      await expect(page).toHaveURL(countryUrl('at', '/faq'));
      await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    });

    for (const member of [
      { country: 'at', number: '9000002', dir: 'ltr' },
      { country: 'ae', number: '9000003', dir: 'rtl' },
    ]) {
      test(`a member of ${member.country} who logs in on the Greek site arrives signed in on their own`, async ({
        page,
      }) => {
        await page.goto(countryUrl('gr', '/login'));
        const main = page.getByRole('main');
        await main.getByLabel('Member number').fill(member.number);
        await main.getByLabel('Password', { exact: true }).fill('demo2026');
        await main.getByRole('button', { name: 'Login' }).click();

        await expect(page).toHaveURL(countryUrl(member.country, '/'));
        await expect(page.locator('html')).toHaveAttribute('dir', member.dir);
        // The code left the address at once; the session is this site's own.
        expect(new URL(page.url()).searchParams.has('handover')).toBe(false);
        await expect.poll(() => sessionWorksHere(page)).toBe(true);
        if (name === 'desktop')
          // The header's account menu names the member by their number.
          await expect(
            page.getByRole('banner').getByRole('button', { name: new RegExp(member.number) }),
          ).toBeVisible();

        // The Greek site kept no session: a later visit stays there, as a guest…
        await page.goto(countryUrl('gr', '/faq'));
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveURL(countryUrl('gr', '/faq'));
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        // …and logs nobody out of their own.
        await page.goto(countryUrl(member.country, '/'));
        await expect.poll(() => sessionWorksHere(page)).toBe(true);
      });
    }

    for (const site of [
      { country: 'gr', path: '/registration', step: 'Step 1 of 4', show: 'Show password' },
      { country: 'ae', path: '/registration', step: 'الخطوة 1 من 4', show: 'إظهار كلمة المرور' },
    ]) {
      test(`registration on ${site.country} shows its step and the site's country; passwords show and hide`, async ({
        page,
      }) => {
        await page.goto(countryUrl(site.country, site.path));
        const main = page.getByRole('main');
        const steps = main.getByRole('list', { name: site.step });
        await expect(steps).toBeVisible();
        await expect(steps.locator('[aria-current="step"]')).toHaveCount(1);
        await expect(main.locator('select')).toHaveValue(site.country);

        await page.goto(countryUrl(site.country, '/login'));
        const password = main.locator('input[autocomplete="current-password"]');
        await password.fill('demo2026');
        const toggle = main.getByRole('button', { name: site.show });
        await expect(toggle).toHaveAttribute('aria-pressed', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        await expect(password).toHaveAttribute('type', 'text');
        await expect(toggle).toBeFocused();
        await page.keyboard.press('Space');
        await expect(password).toHaveAttribute('type', 'password');
        await expect(password).toHaveValue('demo2026');
        // The toggle sits beside the field, inside the page's width.
        const box = await toggle.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      });
    }
  });
}
