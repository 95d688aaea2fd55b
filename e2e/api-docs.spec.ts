import { expect, test } from '@playwright/test';

// The viewer of the OpenAPI document runs under its own Content-Security-Policy
// (apps/server/src/plugins/openapi.ts): it must show the calls with nothing refused.
test('the API viewer at /s2c/docs shows every call group under its policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));

  await page.goto('/s2c/docs');
  await expect(page.getByText('Travel agent loyalty club API')).toBeVisible();
  for (const tag of ['content', 'membership', 'agency', 'points', 'gifts']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toBeVisible();
  }
  await expect(page.getByText('Points lapsing in each of the next 12 months')).toBeVisible();
  expect(refused).toEqual([]);
});
