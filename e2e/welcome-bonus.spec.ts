import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expectLoggedIn } from './support/membership';
import { OwnServer } from './support/own-server';
import { openOwnConsoleAs } from './support/staff';

/**
 * The welcome bonus is an earning rule (issue 31 §2), one journey: an admin
 * publishes the Emirates' welcome bonus in the console's Earning rules area
 * (with its preview), a new member registers (the Emirates ask no
 * confirmation mail: active at once) and reads "Welcome bonus" with its
 * points on their points page.
 * On a server of its own: every new member of the country gets the bonus,
 * which the shared server's other journeys must not meet.
 */

const server = new OwnServer();

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.stop());

const today = new Date().toISOString().slice(0, 10);

test('an admin publishes a welcome bonus and a new member reads it on their points page', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOwnConsoleAs(page, server, 'admin', '/staff/earning-rules?country=ae');
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
  const form = page.getByRole('region', { name: 'New rule in AE' });
  await form.getByRole('radio', { name: /^Welcome bonus/ }).check();
  await expect(form.getByRole('group', { name: 'Segment types' })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Name (staff read it)' }).fill('Welcome to the club');
  await form.getByRole('textbox', { name: 'Points, once per new member' }).fill('150');
  await form.getByRole('textbox', { name: 'First day (YYYY-MM-DD)' }).fill(today);
  await expect(form.getByRole('region', { name: 'Preview' })).toContainText(
    `A member whose account becomes active on ${today} gets 150 points once, read as “Welcome bonus”.`,
  );
  await expectNoAxeViolations(page, 'console earning rules with a draft welcome bonus');
  await form.getByRole('button', { name: 'Publish the rule' }).click();
  await expect(page.getByText('“Welcome to the club” is published.')).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Earning rules of AE' })
    .getByRole('row', { name: /Welcome to the club/ });
  await expect(row).toContainText('Welcome bonus');
  await expect(row).toContainText('150 points once');

  // A new member registers (the guest call of the registration screen's last step).
  const guest = await playwright.request.newContext();
  const password = 'travel2030';
  const registered = await guest.post(server.rootUrl('/s2c/auth/v1/agents'), {
    form: {
      countryCode: 'ae',
      languageCode: 'eng',
      agreeWithConditions: 'true',
      firstName: 'Noor',
      lastName: 'Haddad',
      title: 'mrs',
      password,
      passwordRepeat: password,
      officeId: 'DXBAE2101',
      address: 'filled in by the server',
      email: `welcome-${Date.now()}@agent.example`,
      phone: '+971 501234567',
      birthdayDay: '05',
      birthdayMonth: '12',
      sign: '',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { data } = (await registered.json()) as { data: { user: { number: string } } };
  await guest.dispose();

  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await memberPage.goto(server.url('ae', '/eng/login'));
  const main = memberPage.getByRole('main');
  await main.getByLabel('Member number').fill(data.user.number);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Login' }).click();
  await expectLoggedIn(memberPage);
  await memberPage.goto(server.url('ae', '/eng/points'));
  await main.getByRole('tab', { name: 'Additional points' }).click();
  const additional = main.getByRole('table', { name: 'Additional points' });
  await expect(additional.getByRole('row').filter({ hasText: 'Welcome bonus' })).toContainText(
    '150',
  );
  await expectNoAxeViolations(memberPage, 'ae points page with a welcome bonus');
  await member.close();
});
