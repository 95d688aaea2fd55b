import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expectLoggedIn } from './support/membership';
import { OwnServer } from './support/own-server';
import { openOwnConsoleAs } from './support/staff';

/**
 * Earning rules (issue 31 §2), one journey: the manager of Austria publishes
 * a hotel campaign in the console (with its preview), simulates a booking
 * record, the booking arrives through the queue and earns under the
 * campaign, and the member's PNR table names it.
 * On a server of its own: a running campaign changes what every Austrian
 * hotel segment earns, which the shared server's other journeys must not meet.
 */

/** Demo member of Austria (content/demo/members.json). */
const jonas = { number: '9000004', password: 'demo2026' };
const queueKey = 'e2e-earning-rules-queue-key-0123456789';
const server = new OwnServer({ BOOKING_QUEUE_API_KEY: queueKey });

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

const pnr = `R${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}`;
const record = {
  pnr,
  officeId: 'VIEAT2101',
  createdOn: day(-20),
  remarks: [`RM*AMA ${jonas.number}`],
  segments: [
    { id: '1', kind: 'hotel', status: 'HK', serviceDate: day(-3), endDate: day(-1) },
    { id: '2', kind: 'air', status: 'HK', serviceDate: day(-3) },
  ],
};

test('a manager publishes a hotel campaign, simulates a record, the booking earns under it and the member’s PNR table names it', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOwnConsoleAs(page, server, 'manager', '/staff/earning-rules?country=at');
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
  const rules = page.getByRole('table', { name: 'Earning rules of AT' });
  await expect(rules.getByRole('row', { name: /Base hotel/ })).toContainText('10 points');

  // The campaign, with its preview before it is published.
  const form = page.getByRole('region', { name: 'New rule in AT' });
  await form.getByRole('textbox', { name: 'Name (staff read it)' }).fill('Hotel weeks');
  await form.getByRole('textbox', { name: 'Name the member reads in German' }).fill('Hotelwochen');
  await form.getByRole('textbox', { name: 'Name the member reads in English' }).fill('Hotel weeks');
  await form.getByRole('checkbox', { name: 'Hotel' }).check();
  await form.getByRole('textbox', { name: /^Multiplier/ }).fill('2');
  await form.getByRole('textbox', { name: 'First day (YYYY-MM-DD)' }).fill(day(-10));
  await form.getByRole('textbox', { name: /^Last day/ }).fill(day(30));
  await expect(form.getByRole('region', { name: 'Preview' })).toContainText(
    `A hotel segment on ${day(-10)} earns 20 (now 10): hotel 10 + Hotel weeks ×2`,
  );
  await expectNoAxeViolations(page, 'console earning rules with a draft campaign');
  await form.getByRole('button', { name: 'Publish the rule' }).click();
  await expect(page.getByText('“Hotel weeks” is published.')).toBeVisible();
  await expect(rules.getByRole('row', { name: /Hotel weeks/ })).toContainText('×2');

  // The simulator: the record's hotel earns twice its base, and says why.
  const simulator = page.getByRole('region', { name: 'Simulator' });
  await simulator.getByRole('textbox', { name: /^Booking record/ }).fill(JSON.stringify(record));
  await simulator.getByRole('button', { name: 'Simulate' }).click();
  const simulated = simulator.getByRole('table', {
    name: new RegExp(`${pnr}.*would earn 25 points`),
  });
  await expect(simulated.getByRole('row', { name: /Hotel/ })).toContainText(
    'hotel 10 + Hotel weeks ×2',
  );
  await expectNoAxeViolations(page, 'console earning rules simulator');

  // The booking arrives through the queue (the reservation system calls the server directly).
  const queue = await playwright.request.newContext();
  const answer = await queue.post(server.rootUrl('/s2c/bookings/v1/queue'), {
    headers: { authorization: `ApiKey ${queueKey}`, 'content-type': 'application/x-ndjson' },
    data: JSON.stringify(record),
  });
  expect(answer.status()).toBe(200);
  await queue.dispose();

  // The member's PNR table names the campaign, in the page's language.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await memberPage.goto(server.url('at', '/eng/login'));
  const main = memberPage.getByRole('main');
  await main.getByLabel('Member number').fill(jonas.number);
  await main.getByLabel('Password', { exact: true }).fill(jonas.password);
  await main.getByRole('button', { name: 'Login' }).click();
  await expectLoggedIn(memberPage);
  await memberPage.goto(server.url('at', '/eng/points'));
  await main.getByRole('radio', { name: 'PNR', exact: true }).check();
  await main.getByLabel('Record locator (PNR)').fill(pnr);
  await main.getByRole('checkbox', { name: 'Show segments' }).check();
  await main.getByRole('button', { name: 'Search' }).click();
  const english = main.getByRole('table', { name: `Segments of PNR ${pnr}` });
  await expect(english.getByRole('row', { name: /Hotel/ })).toContainText(
    'Hotel 10 + Hotel weeks ×2',
  );
  await expect(english.getByRole('row', { name: /Hotel/ })).toContainText('20');
  await expectNoAxeViolations(memberPage, 'at points page naming a campaign');
  await member.close();
});
