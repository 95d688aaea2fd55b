import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { openConsoleAs } from './support/staff';

/**
 * Leaving a console form with unsaved changes asks first: the manager of
 * Austria types an alert and follows a link or the browser's history (the
 * console asks; Stay keeps the text, Leave goes), then types into the earning rule form and closes the tab
 * (the browser's own question). Nothing is saved: the shared server is not
 * changed.
 */

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

test.describe('unsaved changes in the console', () => {
  test('a link away from an edited alert asks first; Stay keeps the text, Leave goes', async ({
    page,
  }) => {
    await openConsoleAs(page, 'manager', '/staff/content/at/deu/alerts');
    await expect(
      page.getByRole('heading', { name: 'Publish an alert in every language' }),
    ).toBeVisible();
    // Untouched, the form lets the staff member go and come back without a question.
    await consoleNav(page).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await page.goBack();
    await page.getByLabel('Text in English, HTML').fill('Half-written notice');

    await consoleNav(page).getByRole('link', { name: 'Overview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'console: leave without saving');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/staff\/content\/at\/deu\/alerts$/);
    await expect(page.getByLabel('Text in English, HTML')).toHaveValue('Half-written notice');

    // The browser's history asks too (Forward leads back to the Overview it came from).
    await page.goForward();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/alerts$/);
  });

  test('closing the tab with a rule half typed asks the browser’s question', async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/earning-rules?country=at');
    const name = page
      .getByRole('region', { name: 'New rule in AT' })
      .getByRole('textbox', { name: 'Name (staff read it)' });
    await expect(name).toBeVisible();
    await name.fill('Double points in March');
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});
