import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken } from './support/gift-orders';
import { openConsoleAs, staffToken } from './support/staff';

/**
 * Gifts in the console: a manager of Austria changes a gift's stock with a
 * reason and sees it in the history; an admin edits a gift's German and
 * English names and the member's gift list shows them (then puts them back,
 * as other journeys read the demo names). Axe on each screen.
 */

const lukas = { number: '9000002', password: 'demo2026' };

test.describe.configure({ timeout: 90_000 });

test('a manager of at changes a gift’s stock with a reason and sees it in the history', async ({
  page,
}) => {
  await openConsoleAs(page, 'manager', '/staff/gifts?country=at');
  const main = page.getByRole('main');
  await expect(main.getByRole('table', { name: 'Gifts of AT' })).toBeVisible();
  await expectNoAxeViolations(page, 'staff gift list (manager)');
  await main.getByRole('link', { name: 'Gift 201' }).click();
  await expect(main.getByRole('heading', { name: /Gift 201/ })).toBeVisible();
  await expectNoAxeViolations(page, 'staff gift editor (manager)');

  const stock = Number((await main.locator('#stock-title + p strong').innerText()) || '0');
  await main.getByRole('button', { name: 'Change stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the stock of gift 201' });
  await dialog.getByLabel('New stock').fill(String(stock));
  await dialog.getByLabel('Reason').fill('Counted the shelf');
  await expectNoAxeViolations(page, 'staff stock dialog');
  await dialog.getByRole('button', { name: 'Change the stock' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'The stock is changed.' })).toBeVisible();
  await expect(
    main.getByRole('table', { name: 'Stock history, newest first' }).getByRole('row').nth(1),
  ).toContainText('Counted the shelf');

  await page.goto('/staff/gifts/ordering?country=at');
  await expect(page.getByRole('heading', { name: 'Ordering windows' })).toBeVisible();
  await expectNoAxeViolations(page, 'staff ordering windows');
  await page.goto('/staff/gifts/tax');
  await page.getByLabel('Member number').fill(lukas.number);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('verified', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'staff tax information');
  // A Greek gift is out of reach.
  await page.goto('/staff/gifts/101');
  await expect(page.getByRole('alert')).toHaveText('There is no such gift in your countries.');
});

test('an admin edits a gift’s German and English names and the member’s gift list shows them', async ({
  page,
  request,
}) => {
  await openConsoleAs(page, 'admin', '/staff/gifts/212');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: /Gift 212/ })).toBeVisible();
  await expectNoAxeViolations(page, 'staff gift editor (admin)');
  const rename = async (names: { deu: string; eng: string }) => {
    await main.getByRole('tab', { name: 'German' }).click();
    await expect(main.getByRole('tab', { name: 'German' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await main.getByLabel('Name in German').fill(names.deu);
    await main.getByRole('tab', { name: 'English' }).click();
    await main.getByLabel('Name in English').fill(names.eng);
    await main.getByRole('button', { name: 'Save the gift' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'The gift is saved.' })).toBeVisible();
  };
  await rename({ deu: 'Thermosflasche Club', eng: 'Club thermos flask' });

  const token = await memberToken(request, lukas);
  const names = async (languageCode: string) => {
    const response = await request.get(
      `/s2c/content/v1/pages/gifts/?countryCode=at&languageCode=${languageCode}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const data = (await response.json()) as {
      data: { Gifts: { id: number; description: string }[] };
    };
    return data.data.Gifts.find((gift) => gift.id === 212)?.description;
  };
  expect(await names('deu')).toBe('Thermosflasche Club');
  expect(await names('eng')).toBe('Club thermos flask');

  await page.reload();
  await rename({ deu: 'Isolierflasche', eng: 'Insulated bottle' });
  // Taken back: the staff edit stays the database's, with the demo names.
  const admin = await staffToken(request, 'admin');
  const gift = await request.get('/s2c/staff/v1/gifts/212', {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(
    ((await gift.json()) as { data: { texts: { eng: { description: string } } } }).data.texts.eng
      .description,
  ).toBe('Insulated bottle');
});
