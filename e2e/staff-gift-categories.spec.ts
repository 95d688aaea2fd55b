import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { logInInEnglish } from './support/membership';
import { openConsoleAs, staffToken } from './support/staff';
import { countryUrl } from './support/urls';

/**
 * Gift categories and image alt text in the console: the manager of Austria
 * creates a category with German and English names, puts a new gift with an
 * image and its alt text in it, and the Austrian member site lists the
 * category in both languages, filters by it and reads the alt text; the
 * manager renames the category, then withdraws the gift and deletes the
 * category (the other journeys read the demo catalogue). Greece's categories
 * stay out of the manager's reach. An admin creates, renames and deletes a
 * Greek category. Axe on every screen and dialog.
 */

const lukas = { number: '9000002', password: 'demo2026' };

test.describe.configure({ timeout: 120_000 });

/** A category id of this run (the server's database outlives one run in development). */
const runId = () => `e2e-${Date.now().toString(36)}`;

async function createCategory(page: Page, id: string, names: Record<string, string>) {
  const form = page.getByRole('region', { name: /New category in/ });
  await form.getByLabel('Id').fill(id);
  for (const [language, name] of Object.entries(names)) {
    await form.getByLabel(`Name in ${language}`).fill(name);
  }
  await form.getByRole('button', { name: 'Create the category' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The category ${id} is created` }),
  ).toBeVisible();
}

async function renameCategory(page: Page, id: string, names: Record<string, string>) {
  await page.getByRole('button', { name: `Rename ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rename the category ${id}` });
  for (const [language, name] of Object.entries(names)) {
    await dialog.getByLabel(`Name in ${language}`).fill(name);
  }
  await expectNoAxeViolations(page, 'staff rename category dialog');
  await dialog.getByRole('button', { name: 'Save the names' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The category ${id} is renamed` }),
  ).toBeVisible();
}

async function deleteCategory(page: Page, id: string) {
  await page.getByRole('button', { name: `Delete ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the category ${id}?` });
  await expectNoAxeViolations(page, 'staff delete category dialog');
  await dialog.getByRole('button', { name: 'Delete the category' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The category ${id} is deleted` }),
  ).toBeVisible();
  await expect(page.getByRole('rowheader', { name: id })).toHaveCount(0);
}

test('the manager of at creates a category, fills it with a gift whose image has alt text, and members filter by it', async ({
  page,
  browser,
}) => {
  const id = runId();
  await openConsoleAs(page, 'manager', '/staff/gifts/categories?country=at');
  const main = page.getByRole('main');
  const table = main.getByRole('table', { name: /Gift categories of AT/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Deutsch' })).toBeVisible();
  // A demo category with gifts cannot be deleted, and the row says why.
  const travel = table.getByRole('row', { name: /travel/ });
  await expect(travel.getByRole('button', { name: 'Delete travel' })).toBeDisabled();
  await expect(travel).toContainText('Cannot be deleted: 4 gifts in it');
  await expectNoAxeViolations(page, 'staff gift categories (manager)');

  await createCategory(page, id, { Deutsch: 'Andenken', English: 'Souvenirs' });
  await expect(table.getByRole('row', { name: new RegExp(id) })).toContainText('Andenken');

  // A new gift in it, with an image and its alt text in both languages.
  await page.goto(`/staff/gifts/new?country=at`);
  await expect(main.getByRole('heading', { name: 'New gift in AT' })).toBeVisible();
  await main.getByRole('tab', { name: 'German' }).click();
  await main.getByLabel('Name in German').fill('Schlüsselanhänger');
  await main.getByRole('tab', { name: 'English' }).click();
  await main.getByLabel('Name in English').fill('Key ring');
  await main.getByLabel('Points').fill('40');
  await main.getByLabel('Category').selectOption({ label: 'Andenken' });
  await main.getByLabel('Image address').fill('/media/gifts/suitcase.svg');
  await main.getByLabel('Alt text in Deutsch').fill('Ein silberner Koffer als Anhänger');
  await main.getByLabel('Alt text in English').fill('A silver suitcase-shaped charm');
  await expectNoAxeViolations(page, 'staff gift editor with alt text');
  // Created, the editor opens the new gift.
  await main.getByRole('button', { name: 'Create the gift' }).click();
  await expect(main.getByRole('heading', { name: /Gift \d+: Schlüsselanhänger/ })).toBeVisible();
  const giftUrl = page.url();

  // The Austrian member site, in English and in German.
  const member = await (await browser.newContext()).newPage();
  await logInInEnglish(member, 'at', lukas.number, lukas.password);
  await member.goto(countryUrl('at', '/eng/gifts'));
  const site = member.getByRole('main');
  await site.getByLabel('Category').selectOption({ label: 'Souvenirs' });
  await expect(member).toHaveURL(new RegExp(`category=${id}`));
  const cards = site.getByRole('listitem').filter({ has: member.getByRole('combobox') });
  await expect(cards).toHaveCount(1);
  await expect(
    cards.first().getByRole('img', { name: 'A silver suitcase-shaped charm' }),
  ).toBeVisible();
  await member.goto(countryUrl('at', `/deu/gifts?category=${id}`));
  await expect(site.getByRole('option', { name: 'Andenken' })).toHaveCount(1);
  await expect(cards).toHaveCount(1);
  await expect(
    cards.first().getByRole('img', { name: 'Ein silberner Koffer als Anhänger' }),
  ).toBeVisible();

  // Renamed: the member site shows the new name at once.
  await page.goto('/staff/gifts/categories?country=at');
  await renameCategory(page, id, { Deutsch: 'Mitbringsel', English: 'Keepsakes' });
  await member.goto(countryUrl('at', '/eng/gifts'));
  await expect(site.getByRole('option', { name: 'Keepsakes' })).toHaveCount(1);
  await member.goto(countryUrl('at', '/deu/gifts'));
  await expect(site.getByRole('option', { name: 'Mitbringsel' })).toHaveCount(1);
  await member.context().close();

  // The gift in it keeps it from being deleted; withdrawn and moved, the category goes.
  await expect(
    main.getByRole('row', { name: new RegExp(id) }).getByRole('button', { name: `Delete ${id}` }),
  ).toBeDisabled();
  await page.goto(giftUrl);
  await main.getByLabel('Category').selectOption({ label: 'Gutscheine' });
  await main.getByLabel('Active (members can order it)').uncheck();
  await main.getByRole('button', { name: 'Save the gift' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'The gift is saved.' })).toBeVisible();
  await page.goto('/staff/gifts/categories?country=at');
  await deleteCategory(page, id);
});

test('the manager of at cannot see or change the categories of gr', async ({ page }) => {
  await openConsoleAs(page, 'manager', '/staff/gifts/categories?country=gr');
  await expect(page.getByRole('alert')).toHaveText(
    'There are no gift categories of GR in your countries.',
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  const token = await staffToken(page.request, 'manager');
  const answer = await page.request.get('/s2c/staff/v1/gift-categories/gr', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(404);
});

test('an admin creates, renames and deletes a category of gr', async ({ page }) => {
  const id = runId();
  await openConsoleAs(page, 'admin', '/staff/gifts/categories?country=gr');
  await expect(page.getByRole('table', { name: /Gift categories of GR/ })).toBeVisible();
  await expectNoAxeViolations(page, 'staff gift categories (admin)');
  await createCategory(page, id, { English: 'Souvenirs', Ελληνικά: 'Αναμνηστικά' });
  await renameCategory(page, id, { English: 'Keepsakes', Ελληνικά: 'Ενθύμια' });
  await expect(page.getByRole('row', { name: new RegExp(id) })).toContainText('Ενθύμια');
  await deleteCategory(page, id);
});
