import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { memberToken, placeOrder, pointsPage } from './support/gift-orders';
import { OwnServer } from './support/own-server';
import { openOwnConsoleAs, staffAccount } from './support/staff';

/**
 * The "day of the club", as one journey: the manager of Austria runs
 * a day from the browser. An Austrian agent calls about missing points; the
 * manager uploads the day's bookings file, finds the agent by name, sees the
 * PNR segment that earned nothing and why, credits the agent with a reason,
 * fulfils one manual order with a voucher code and refunds another with a
 * reason, changes a gift's stock with a reason and publishes an alert in
 * every language of Austria, then finds each of those steps in the audit log
 * as their own. The agent then sees the credit, the voucher and the refund.
 * On a server of its own: an alert, a stock change and a refund would meet
 * the shared server's other journeys. Axe on every console page visited.
 */

/** Demo member of Austria (content/demo/members.json): English, 1,000 welcome points. */
const jonas = { number: '9000004', password: 'demo2026', name: 'Jonas Demo' };
const manager = staffAccount('manager');
const alertId = 'at-day-of-the-club';

const server = new OwnServer();
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.stop());

function day(offset: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A record locator no other run has used. */
const newPnr = () => `D${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;

/** Waits until the manual provider took the order (submitted), as the member sees it. */
async function submitted(request: APIRequestContext, token: string, orderId: number) {
  await expect
    .poll(
      async () =>
        (await pointsPage(request, token, 'at')).orders.find((order) => order.id === orderId)
          ?.state,
    )
    .toBe('submitted');
}

/** The audit row of one step: its action and target, made by the manager, with its reason. */
async function expectAudited(
  entries: Locator,
  step: { action: string; target: string; reason?: string },
) {
  const row = entries
    .getByRole('row')
    .filter({ hasText: step.action })
    .filter({ hasText: step.target });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(manager.email);
  if (step.reason !== undefined) await expect(row).toContainText(step.reason);
}

test('the manager of Austria runs a day of the club from the browser, and every step is in the audit log', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const member = await playwright.request.newContext({ baseURL: server.rootUrl('') });
  const memberSession = await memberToken(member, jonas);
  // Jonas ordered two gifts through the member site: an umbrella and a second gift.
  const toFulfil = await placeOrder(member, memberSession, 'at', '203:1');
  const toRefund = await placeOrder(member, memberSession, 'at', '210:1');
  await submitted(member, memberSession, toFulfil);
  await submitted(member, memberSession, toRefund);

  const pnr = newPnr();
  const reasons = {
    credit: `Hotel night missing from PNR ${pnr}`,
    refund: 'Jonas asked to cancel the order',
    stock: 'Delivery of umbrellas counted in',
  };
  const main = page.getByRole('main');

  // The morning's bookings file: Jonas's PNR with a flown segment and a cancelled one.
  await openOwnConsoleAs(page, server, 'manager', '/staff/bookings');
  await expect(main.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expectNoAxeViolations(page, 'day: bookings');
  const booking = {
    pnr,
    officeId: 'VIEAT2101',
    createdOn: day(-20),
    remarks: [`RM*AMA ${jonas.number}`],
    segments: [
      { id: '1', kind: 'air', status: 'HK', serviceDate: day(-10) },
      { id: '2', kind: 'hotel', status: 'HX', serviceDate: day(-9), endDate: day(-8) },
    ],
  };
  await main.getByLabel('Bookings file (JSON Lines)').setInputFiles({
    name: 'vienna-day.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${JSON.stringify(booking)}\n`),
  });
  await main.getByRole('button', { name: 'Upload and import' }).click();
  await expect(main.getByRole('region', { name: /Imported vienna-day\.jsonl/ })).toBeVisible();
  await expectNoAxeViolations(page, 'day: bookings upload result');

  // Jonas calls about missing points: found by name, the PNR and why a segment earned nothing.
  await page.goto(server.rootUrl('/staff/members'));
  // Greece's demo member is out of the manager's reach.
  await main.getByLabel('Search members').fill('eleni');
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(main.getByText('No member matches “eleni” in your countries.')).toBeVisible();
  await main.getByLabel('Search members').fill('jonas');
  await main.getByRole('button', { name: 'Search' }).click();
  const results = main.getByRole('table', { name: /Members matching “jonas”/ });
  await expect(results.getByRole('row').filter({ hasText: jonas.name })).toBeVisible();
  await expectNoAxeViolations(page, 'day: member search');
  await results.getByRole('link', { name: jonas.number }).click();
  await expect(
    main.getByRole('heading', { level: 1, name: `${jonas.name} (${jonas.number})` }),
  ).toBeVisible();
  const pnrTable = main.getByRole('table', { name: new RegExp(`PNR ${pnr}`) });
  await expect(pnrTable.getByRole('row').filter({ hasText: 'Cancelled (HX)' })).toContainText(
    'The segment was cancelled in the booking',
  );
  await expectNoAxeViolations(page, 'day: member view');

  // Credited with a reason.
  const adjust = main.getByRole('region', { name: 'Adjust points' });
  await adjust.getByLabel('Points').fill('40');
  await adjust.getByLabel('Reason').fill(reasons.credit);
  await adjust.getByRole('button', { name: 'Review adjustment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the adjustment' });
  await expectNoAxeViolations(page, 'day: adjustment dialog');
  await confirm.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(adjust.getByRole('status')).toContainText(`40 points credited to ${jonas.name}`);

  // The order queue: fulfil the umbrella with its voucher code.
  await page.goto(server.rootUrl('/staff/orders?country=at'));
  await expect(main.getByRole('link', { name: `Order ${toFulfil}`, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'day: order queue');
  await main.getByRole('link', { name: `Order ${toFulfil}`, exact: true }).click();
  await expect(main.getByRole('heading', { name: `Order ${toFulfil}` })).toBeVisible();
  await expectNoAxeViolations(page, 'day: order to fulfil');
  await main.getByLabel('Voucher codes, one a line').fill('DAY-UMB-0001');
  await main.getByRole('button', { name: 'Review and send' }).click();
  const send = page.getByRole('dialog', { name: /^Send order \d+ to the member\?$/ });
  await expect(send).toBeVisible();
  await expectNoAxeViolations(page, 'fulfilment confirmation');
  await send.getByRole('button', { name: 'Send and mark fulfilled' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The order is fulfilled.' }),
  ).toBeVisible();

  // …and refund the other with a reason.
  await page.goto(server.rootUrl(`/staff/orders/${toRefund}`));
  await expect(main.getByRole('heading', { name: `Order ${toRefund}` })).toBeVisible();
  await expectNoAxeViolations(page, 'day: order to refund');
  await main.getByRole('button', { name: 'Cancel and refund' }).click();
  const refund = page.getByRole('dialog', { name: `Cancel order ${toRefund} and refund it` });
  await refund.getByLabel('Reason').fill(reasons.refund);
  await expectNoAxeViolations(page, 'day: refund dialog');
  await refund.getByRole('button', { name: 'Refund the order' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'The order is refunded.' }),
  ).toBeVisible();

  // A gift's stock, with a reason.
  await page.goto(server.rootUrl('/staff/gifts?country=at'));
  await expect(main.getByRole('table', { name: 'Gifts of AT' })).toBeVisible();
  await expectNoAxeViolations(page, 'day: gifts');
  await main.getByRole('link', { name: 'Gift 201' }).click();
  await expect(main.getByRole('heading', { name: /Gift 201/ })).toBeVisible();
  await expectNoAxeViolations(page, 'day: gift editor');
  const stock = Number((await main.locator('#stock-title + p strong').innerText()) || '0');
  await main.getByRole('button', { name: 'Change stock' }).click();
  const stockDialog = page.getByRole('dialog', { name: 'Change the stock of gift 201' });
  await stockDialog.getByLabel('New stock').fill(String(stock + 12));
  await stockDialog.getByLabel('Reason').fill(reasons.stock);
  await expectNoAxeViolations(page, 'day: stock dialog');
  await stockDialog.getByRole('button', { name: 'Change the stock' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'The stock is changed.' })).toBeVisible();

  // An alert in every language of Austria: German and English.
  await page.goto(server.rootUrl('/staff/content'));
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expectNoAxeViolations(page, 'day: content countries');
  await page.getByRole('link', { name: 'Deutsch (Austria)' }).click();
  await page
    .getByRole('navigation', { name: 'Content sections' })
    .getByRole('link', { name: 'Alerts' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Publish an alert in every language' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'day: alerts');
  await page.getByLabel(/^Id/).fill(alertId);
  await page.getByLabel('Type').selectOption('info');
  await page.getByLabel('Text in German (Deutsch), HTML').fill('Heute sind Punkte verspätet.');
  await page.getByLabel('Text in English, HTML').fill('Points are late today.');
  await page.getByRole('button', { name: 'Publish in every language' }).click();
  await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();

  // The audit log holds every step, as the manager's.
  await page.goto(server.rootUrl(`/staff/audit?staff=${encodeURIComponent(manager.email)}`));
  const entries = main.getByRole('table', { name: /^Audit entries, newest first/ });
  await expect(entries.getByRole('row').filter({ hasText: 'content.update' })).toBeVisible();
  await expectNoAxeViolations(page, 'day: audit log');
  await expectAudited(entries, { action: 'bookings.import', target: 'booking-import' });
  await expectAudited(entries, {
    action: 'member.adjust-points',
    target: `member ${jonas.number}`,
    reason: reasons.credit,
  });
  await expectAudited(entries, { action: 'order.fulfil', target: `order ${toFulfil}` });
  await expectAudited(entries, {
    action: 'order.refund',
    target: `order ${toRefund}`,
    reason: reasons.refund,
  });
  await expectAudited(entries, { action: 'gift.stock', target: 'gift 201', reason: reasons.stock });
  await expectAudited(entries, {
    action: 'content.update',
    target: `content at/alerts/${alertId}`,
  });

  // Jonas's side: the credit with its reason, the voucher and the refund with its reason.
  const site = await (await browser.newContext()).newPage();
  await site.goto(server.url('at', '/eng/login'));
  const siteMain = site.getByRole('main');
  await siteMain.getByLabel('Member number').fill(jonas.number);
  await siteMain.getByLabel('Password', { exact: true }).fill(jonas.password);
  await siteMain.getByRole('button', { name: 'Login' }).click();
  await expect(site).not.toHaveURL(/\/login$/);
  await expect(site.getByText('Points are late today.').first()).toBeVisible();
  await site.goto(server.url('at', '/eng/points'));
  await siteMain.getByRole('tab', { name: 'Additional points' }).click();
  await expect(
    siteMain
      .getByRole('table', { name: 'Additional points' })
      .getByRole('row')
      .filter({ hasText: reasons.credit }),
  ).toContainText('40');
  await siteMain.getByRole('tab', { name: 'Ordered gifts' }).click();
  const orders = siteMain.getByRole('list', { name: 'Ordered gifts' });
  await expect(
    orders.getByRole('listitem', { name: `Order ${toFulfil}`, exact: true }),
  ).toContainText('DAY-UMB-0001');
  await expect(
    orders.getByRole('listitem', { name: `Order ${toRefund}`, exact: true }),
  ).toContainText(`We cancelled the order. Your points are back. (${reasons.refund})`);
  await member.dispose();
});
