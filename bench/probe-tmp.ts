import { chromium, type CDPSession } from '@playwright/test';
const host = `http://gr.localhost:${process.argv[2]}`;
async function trace(cdp: CDPSession, act: () => Promise<void>) {
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink',
    transferMode: 'ReportEvents',
  } as any);
  await act();
  await new Promise((r) => setTimeout(r, 800));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'EventDispatch'),
  );
  const mine = events.filter(
    (e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.dur > 2000,
  );
  const t0 = Math.min(...mine.map((e) => e.ts));
  for (const e of mine.sort((a, b) => a.ts - b.ts))
    console.log(
      ((e.ts - t0) / 1000).toFixed(1),
      (e.dur / 1000).toFixed(1),
      e.name,
      e.args?.data?.type ?? e.args?.data?.functionName ?? e.args?.data?.url ?? '',
    );
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await page.goto(`${host}/login`);
await page.getByLabel('Member number').fill('9000001');
await page.getByLabel('Password', { exact: true }).fill('demo2026');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForFunction(() => localStorage.getItem('userId') !== null);
await page.goto(`${host}/points`);
await page.getByRole('tab', { name: 'Additional points' }).waitFor();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.waitForTimeout(1000);
console.log('--- tab');
await trace(cdp, () => page.getByRole('tab', { name: 'Additional points' }).click());
console.log('--- search');
await page.getByLabel('Record locator (PNR)').fill('ABC123');
await trace(cdp, () => page.getByRole('button', { name: 'Search', exact: true }).click());
await page.goto(`${host}/gifts`);
const q = page.getByRole('combobox', { name: /^Quantity/ }).first();
await q.focus();
console.log('--- gift');
await trace(cdp, () => page.keyboard.press('ArrowDown'));
await browser.close();
