import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expectLoggedIn, accountMenuButton } from './support/membership';
import { OwnServer } from './support/own-server';
import { mailsTo, type SinkMessage } from './support/mail';
import { openConsoleAs, openOwnConsoleAs, staffAccount, staffToken } from './support/staff';

/**
 * Content in the staff console: the manager of Austria publishes an alert in
 * German and English at once and makes a menu item members-only; an admin
 * changes a Greek dictionary word; the member site shows each within a
 * second, and `content:load` keeps the staff's change. These run on a server
 * of their own (own-server.ts): the journeys beside them on the shared server
 * must not meet a changed menu. A manager of Austria cannot open Greek
 * content; every section passes axe.
 */

const austrianMember = { number: '9000002', password: 'demo2026' };
const alert = {
  hash: 'at-e2e-office-closed',
  deu: 'Unser Büro ist am 24. Dezember geschlossen.',
  eng: 'Our office is closed on 24 December.',
};

const server = new OwnServer();

/** The member site shows a change within a second: load the page again until it does. */
async function expectOnSite(page: Page, url: string, text: string, visible = true) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByRole('banner')).toBeVisible();
    if (visible) await expect(page.getByText(text).first()).toBeVisible({ timeout: 1_000 });
    else await expect(page.getByText(text)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test.describe('publishing content from the staff console', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await server.start();
  });
  test.afterAll(() => server.stop());

  test('the manager of Austria publishes an alert in German and English at once; guests see it in both', async ({
    page,
    browser,
  }) => {
    await openOwnConsoleAs(page, server, 'manager', '/staff/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Austria' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Greece' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'content: countries');

    await page.getByRole('link', { name: 'Deutsch (Austria)' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Content: Austria, Deutsch' }),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Content sections' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Publish an alert in every language' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'content: alerts');

    await page.getByLabel(/^Id/).fill(alert.hash);
    await page.getByLabel('Type').selectOption('info');
    await page.getByLabel('Text in German (Deutsch), HTML').fill(alert.deu);
    await page.getByLabel('Text in English, HTML').fill(alert.eng);
    await page.getByRole('button', { name: 'Publish in every language' }).click();
    await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(alert.hash) })).toBeVisible();

    const guest = await (await browser.newContext()).newPage();
    await expectOnSite(guest, server.url('at', '/'), alert.deu);
    await expectOnSite(guest, server.url('at', '/eng/'), alert.eng);

    await page.getByRole('button', { name: `Take down alert ${alert.hash}` }).click();
    await page
      .getByRole('dialog', { name: `Take down alert ${alert.hash}?` })
      .getByRole('button', { name: 'Take down' })
      .click();
    await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();
    // The text is kept in the form, to publish again.
    await expect(page.getByLabel('Text in English, HTML')).toHaveValue(alert.eng);
    await expectOnSite(guest, server.url('at', '/eng/'), alert.eng, false);
  });

  test('an alert scheduled to start later is not shown before its start, then shows with no staff action', async ({
    page,
    browser,
  }) => {
    // The fields take whole minutes (UTC): the start is the first whole minute at least 20 s away.
    test.setTimeout(150_000);
    const startsAt = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const field = (moment: Date) => moment.toISOString().slice(0, 16);
    const scheduled = {
      hash: 'at-e2e-scheduled',
      deu: 'Wartung der Punkteübersicht ab jetzt.',
      eng: 'Points overview maintenance from now.',
    };
    await openOwnConsoleAs(page, server, 'manager', '/staff/content/at/deu/alerts');
    await page.getByLabel(/^Id/).fill(scheduled.hash);
    await page.getByLabel('Starts (UTC)').fill(field(startsAt));
    await page.getByLabel('Ends (UTC)').fill(field(new Date(startsAt.getTime() + 86_400_000)));
    await page.getByLabel('Text in German (Deutsch), HTML').fill(scheduled.deu);
    await page.getByLabel('Text in English, HTML').fill(scheduled.eng);
    await page.getByRole('button', { name: 'Publish in every language' }).click();
    await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(scheduled.hash) });
    await expect(row.getByText(/^Starts /)).toBeVisible();
    await expectNoAxeViolations(page, 'content: a scheduled alert');

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(server.url('at', '/eng/'));
    await expect(guest.getByRole('banner')).toBeVisible();
    expect(Date.now()).toBeLessThan(startsAt.getTime());
    await expect(guest.getByText(scheduled.eng)).toHaveCount(0);
    // No one touches the content again: the start alone brings it to the site.
    await expect(async () => {
      await guest.goto(server.url('at', '/eng/'));
      await expect(guest.getByText(scheduled.eng)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 120_000, intervals: [2_000] });
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    await page.reload();
    await expect(
      page.getByRole('row', { name: new RegExp(scheduled.hash) }).getByText(/^Showing until /),
    ).toBeVisible();
  });

  test('a menu item made members-only: a guest does not see it, a member does; the preview shows both', async ({
    page,
    browser,
  }) => {
    // A long journey: the console, a guest and a member on the site, and a content:load run.
    test.setTimeout(90_000);
    await openOwnConsoleAs(page, server, 'manager', '/staff/content/at/deu/menu');
    await expect(page.getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page, 'content: menu');
    await page.getByLabel('Title of item 4').fill('Neuigkeiten für Mitglieder');
    await page.getByLabel('Who sees item 4').selectOption('member');
    await page.getByRole('button', { name: 'Publish the menu' }).click();
    await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();

    await page.getByRole('link', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: /Preview of/ });
    await expect(preview.getByText('Neuigkeiten für Mitglieder')).toHaveCount(0);
    await expectNoAxeViolations(page, 'content: preview');
    await page.getByLabel('a member').check();
    await expect(preview.getByText('Neuigkeiten für Mitglieder')).toBeVisible();
    await expect(page.getByRole('link', { name: /Open home on the site/ })).toHaveAttribute(
      'href',
      /^http:\/\/at\.localhost:\d+\/$/,
    );

    const guest = await (await browser.newContext()).newPage();
    await expectOnSite(guest, server.url('at', '/'), 'Regeln');
    await expect(guest.getByRole('banner').getByText('Neuigkeiten für Mitglieder')).toHaveCount(0);

    const member = await (await browser.newContext()).newPage();
    await member.goto(server.url('at', '/login'));
    const main = member.getByRole('main');
    await main.getByLabel(/Mitgliedsnummer|Member number/).fill(austrianMember.number);
    await main.getByLabel(/^(Passwort|Password)$/).fill(austrianMember.password);
    await main.getByRole('button', { name: /Anmelden|Login/ }).click();
    await expectLoggedIn(member);
    await accountMenuButton(member).click();
    await expect(
      member.getByRole('banner').getByRole('link', { name: 'Neuigkeiten für Mitglieder' }),
    ).toBeVisible();

    // The files still have the demo menu: content:load keeps the staff's and says so.
    const loaded = await server.runCommand('staff-commands/content-load-command.js');
    expect(loaded).toContain('Kept, changed by staff');
    expect(loaded).toContain('  at/deu/menu, changed by manager.at@example.com at ');
    await expectOnSite(guest, server.url('at', '/'), 'Regeln');
    await expect(guest.getByRole('banner').getByText('Neuigkeiten', { exact: true })).toHaveCount(
      0,
    );
  });

  test('an admin changes a Greek dictionary word; the Greek site shows it', async ({
    page,
    browser,
  }) => {
    await openOwnConsoleAs(page, server, 'admin', '/staff/content/gr/ell/dictionary');
    await expect(page.getByRole('heading', { name: 'Dictionary' })).toBeVisible();
    await page.getByLabel('Find words by key or wording').fill('menu.contactUs');
    await page.getByRole('button', { name: 'Edit menu.contactUs' }).click();
    await expectNoAxeViolations(page, 'content: dictionary');
    await page
      .getByRole('textbox', { name: 'Wording', exact: true })
      .fill('Επικοινωνήστε μαζί μας');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Published. The site shows it within a second.')).toBeVisible();
    const guest = await (await browser.newContext()).newPage();
    await expectOnSite(guest, server.url('gr', '/ell/'), 'Επικοινωνήστε μαζί μας');
  });
});

test.describe('reading content in the staff console', () => {
  test('every section of a right-to-left language passes axe', async ({ page }) => {
    await openConsoleAs(page, 'admin', '/staff/content/ae/ara/menu');
    await expect(page.getByLabel('Title of item 1')).toHaveAttribute('dir', 'rtl');
    for (const [link, heading] of [
      ['Banners', 'Banners'],
      ['Texts', 'Texts'],
      ['Pages and FAQ', 'Pages'],
      ['Mail templates', 'Mail templates'],
      ['Alerts', 'Alerts'],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Content sections' })
        .getByRole('link', { name: link })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expectNoAxeViolations(page, `content: ${link}`);
    }
  });

  test('a mail template as typed goes to the manager as a test mail; nothing is published', async ({
    page,
  }) => {
    const subject = `Bitte bestätigen Sie Ihre E-Mail (Entwurf ${Date.now()})`;
    await openConsoleAs(page, 'manager', '/staff/content/at/deu/mail');
    await expect(page.getByRole('heading', { name: 'Mail templates' })).toBeVisible();
    await page.getByLabel('Mail', { exact: true }).selectOption('confirm-email');
    const mail = page.getByRole('form', { name: 'Mail confirm-email' });
    await mail.getByLabel('Subject').fill(subject);
    await mail.getByRole('button', { name: 'Send me a test mail' }).click();
    await expect(mail.getByText(/is on its way to manager\.at@example\.com\.$/)).toBeVisible();
    await expectNoAxeViolations(page, 'content: a test mail sent');
    let test: SinkMessage | undefined;
    await expect
      .poll(
        async () =>
          (test = (await mailsTo(staffAccount('manager').email)).find(
            (message) => message.subject === `[Test] ${subject}`,
          )) !== undefined,
        { timeout: 20_000 },
      )
      .toBe(true);
    // Sample values, and the link leads to the Austrian site.
    expect(test!.text).toMatch(/http:\/\/at\.localhost:\d+\//);
    // Not published: the stored template keeps its subject, and the form asks before leaving.
    const token = await staffToken(page.request, 'manager');
    const stored = await page.request.get('/s2c/staff/v1/content/at/deu', {
      headers: { authorization: `Bearer ${token}` },
    });
    const templates = (
      (await stored.json()) as { data: { mailTemplates: { template: string; subject: string }[] } }
    ).data.mailTemplates;
    expect(templates.find((template) => template.template === 'confirm-email')?.subject).not.toBe(
      subject,
    );
  });

  test('the manager of Austria cannot open Greek content', async ({ page }) => {
    await openConsoleAs(page, 'manager', '/staff/content/gr/ell/dictionary');
    await expect(page.getByRole('heading', { level: 1, name: 'Content not found' })).toBeVisible();
    await expect(page.getByText('Σύνδεση')).toHaveCount(0);
    await expectNoAxeViolations(page, 'content: not found');
    const token = await staffToken(page.request, 'manager');
    const answer = await page.request.get('/s2c/staff/v1/content/gr/ell', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(404);
  });
});
