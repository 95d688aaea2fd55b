import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken, placeOrder, pointsPage, waitUntilSubmitted } from './support/gift-orders';
import { openConsoleAs } from './support/staff';

/**
 * Fulfilment without slips: the codes are counted against the gifts, sending
 * asks first, and a wrong code is corrected and mailed again until the
 * member opens the codes on their points page; then it stays.
 */

/** Demo member of `at` with 1,000 welcome points (content/demo). */
const jonas = { number: '9000004', password: 'demo2026' };

test.describe.configure({ timeout: 90_000 });

test('a manager fulfils with one code per gift after a confirmation, corrects the code, and the member opens it', async ({
  page,
  request,
}) => {
  const token = await memberToken(request, jonas);
  const orderId = await placeOrder(request, token, 'at', '203:1');
  await waitUntilSubmitted(request, orderId);

  await openConsoleAs(page, 'manager', `/staff/orders/${orderId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  const codes = main.getByLabel('Voucher codes, one a line');
  await codes.fill('FUL-0001\nFUL-0002');
  await main.getByRole('button', { name: 'Review and send' }).click();
  await expect(
    main.getByText(
      'This order holds 1 gift: give 1 code (2 given), or none for gifts sent without a code.',
    ),
  ).toBeVisible();
  await codes.fill('FUL-WRONG');
  await main.getByRole('button', { name: 'Review and send' }).click();
  const send = page.getByRole('dialog', { name: `Send order ${orderId} to the member?` });
  await expect(send).toContainText('FUL-WRONG');
  await expectNoAxeViolations(page, 'fulfilment confirmation');
  await send.getByRole('button', { name: 'Send and mark fulfilled' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The order is fulfilled.' }),
  ).toBeVisible();
  await expect(main.getByText('FUL-WRONG (not opened by the member yet)')).toBeVisible();

  // The partner sent another code: correct it, with a reason, before Jonas opens it.
  await main.getByLabel('Corrected codes, one a line').fill('FUL-RIGHT');
  await main.getByLabel('Why (kept in the audit log)').fill('The partner replaced the code');
  await main.getByRole('button', { name: 'Review the correction' }).click();
  const correction = page.getByRole('dialog', {
    name: `Send the corrected codes of order ${orderId}?`,
  });
  await expect(correction).toContainText('instead of FUL-WRONG');
  await expectNoAxeViolations(page, 'correction confirmation');
  await correction.getByRole('button', { name: 'Send the corrected codes' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The corrected codes are sent.' }),
  ).toBeVisible();

  // Jonas opens his points page: he sees the corrected code, and it is his from now on.
  const points = await pointsPage(request, token, 'at');
  expect(points.orders.find((order) => order.id === orderId)?.vouchers).toEqual(['FUL-RIGHT']);
  await page.reload();
  await expect(main.getByText(/^FUL-RIGHT \(opened by the member /)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Review the correction' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'order with opened codes');
});
