import { expect, test, type Page, type Route } from '@playwright/test';
import { logInInEnglish } from './support/membership';
import { countryUrl } from './support/urls';

/**
 * An XSS corpus in every place the server's words reach the page: page text,
 * FAQ items, header alerts, gift names and texts, agency names. The answers of
 * the real server are taken and the corpus put into them on the way, so what
 * is proven is the web app's side: whatever a content editor, a gift feed or
 * an offices file holds, no script of it runs. A payload that runs calls
 * `__xss` (exposed to every frame) or opens a dialog.
 */
const corpus = [
  `<script>__xss('script')</script>`,
  `<img src="x" onerror="__xss('img-onerror')">`,
  `<svg onload="__xss('svg-onload')"></svg>`,
  `<svg><script>__xss('svg-script')</script></svg>`,
  `<a href="javascript:__xss('href')">press</a>`,
  `<a href="jav&#x09;ascript:__xss('href-entity')">press</a>`,
  `<iframe src="javascript:parent.__xss('iframe-src')"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss('srcdoc')</script>"></iframe>`,
  `<details open ontoggle="__xss('details')"><summary>x</summary></details>`,
  `<input autofocus onfocus="__xss('autofocus')">`,
  `<form><button formaction="javascript:__xss('formaction')">x</button></form>`,
  `<object data="javascript:__xss('object')"></object>`,
  `<embed src="javascript:__xss('embed')">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="__xss('mxss')">`,
  `<noscript><p title="</noscript><img src=x onerror=__xss('noscript')>">`,
  `"><script>__xss('attribute-break')</script>`,
  `<meta http-equiv="refresh" content="0;url=javascript:__xss('meta')">`,
  `<style>*{background:url("javascript:__xss('css')")}</style>`,
  `<video><source onerror="__xss('video')"></video>`,
  `<body onload="__xss('body')">`,
].join(' ');

const marker = 'XSS-CORPUS';
const payload = `${marker} ${corpus}`;

/** Runs `change` on the real answer of every request matching `url`. */
async function rewrite(page: Page, url: string, change: (data: Record<string, unknown>) => void) {
  await page.route(url, async (route: Route) => {
    // The test runner cannot resolve *.localhost; the query names the country.
    const answer = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/\/\/[a-z]{2}\.localhost/, '//localhost'),
    });
    const body = (await answer.json()) as { data?: Record<string, unknown> };
    if (body.data) change(body.data);
    await route.fulfill({ response: answer, json: body });
  });
}

/**
 * The server's Content-Security-Policy (script-src 'self') would stop inline
 * payloads by itself; the page's documents are fetched without it, so that
 * what is proven is that the web app never puts a script into the page.
 */
async function withoutContentSecurityPolicy(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/s2c/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      // The test runner cannot resolve *.localhost: the country goes in the Host header.
      const url = new URL(route.request().url());
      const answer = await route.fetch({
        url: `http://127.0.0.1:${url.port}${url.pathname}${url.search}`,
        headers: { ...route.request().headers(), host: url.host },
      });
      const headers = { ...answer.headers() };
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      delete headers['content-security-policy'];
      await route.fulfill({ response: answer, headers });
    },
  );
}

async function watchForScripts(page: Page): Promise<string[]> {
  await withoutContentSecurityPolicy(page);
  const ran: string[] = [];
  await page.exposeFunction('__xss', (tag: string) => ran.push(tag));
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return ran;
}

/** Gives every payload its chance: handlers, autofocus, toggles and frames run soon after render. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  await page.waitForLoadState('networkidle');
}

test.describe('no script of the XSS corpus runs', () => {
  test('the detector sees a payload that does run (control)', async ({ page }) => {
    const ran = await watchForScripts(page);
    await page.goto(countryUrl('gr', '/faq'));
    // Unsanitised, as a careless screen would put it into the page.
    await page.evaluate((html) => {
      const div = document.createElement('div');
      div.innerHTML = html;
      document.body.append(div);
    }, corpus);
    await expect.poll(() => ran).toContain('img-onerror');
  });

  test('in page text, FAQ items and header alerts', async ({ page }) => {
    const ran = await watchForScripts(page);
    await rewrite(page, '**/s2c/content/v1/layout/**', (layout) => {
      layout.headerAlerts = [{ hash: 'xss', type: 'danger', text: payload }];
    });
    await rewrite(page, '**/s2c/content/v1/pages/**', (answer) => {
      answer.text = `<p>${payload}</p>`;
      answer.faqItems = [
        { number: 1, title: `${marker} title ${corpus}`, text: payload },
        { number: 2, title: 'Second', text: payload },
      ];
    });
    await page.goto(countryUrl('gr', '/faq'));
    const main = page.getByRole('main');
    await expect(page.getByText(marker).first()).toBeVisible();
    // Open every FAQ item, so that their texts render.
    for (const question of await main.getByRole('button', { name: /title|Second/ }).all()) {
      await question.click();
    }
    await settle(page);
    await page.goto(countryUrl('gr', '/terms-and-conditions'));
    await expect(main.getByText(marker).first()).toBeVisible();
    await settle(page);
    expect(ran).toEqual([]);
  });

  test('in gift names and texts', async ({ page }) => {
    const ran = await watchForScripts(page);
    await rewrite(page, '**/s2c/content/v1/pages/gifts/**', (answer) => {
      const gifts = answer.Gifts as { description: string; text: string }[];
      for (const gift of gifts) {
        gift.description = `${marker} ${corpus}`;
        gift.text = payload;
      }
    });
    // The ae demo member: ae is not a partner-programme country, so the gift list shows.
    await logInInEnglish(page, 'ae', '9000003', 'demo2026');
    await page.goto(countryUrl('ae', '/eng/gifts'));
    await expect(page.getByRole('main').getByText(marker).first()).toBeVisible();
    await settle(page);
    expect(ran).toEqual([]);
  });

  test('in agency names', async ({ page }) => {
    const ran = await watchForScripts(page);
    await page.route('**/s2c/auth/v1/agency/state-change-request**', (route) =>
      route.fulfill({
        json: { data: { officeId: 'ATHGR2104', name: payload, purpose: 'opt-in' } },
      }),
    );
    await page.goto(countryUrl('gr', '/agency-opt-in?s=someLinkId000000&c=someToken'));
    await expect(page.getByRole('main').getByLabel('Agency', { exact: true })).toHaveValue(
      new RegExp(marker),
    );
    await settle(page);
    expect(ran).toEqual([]);
  });
});
