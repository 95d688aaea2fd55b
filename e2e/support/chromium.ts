/** Debian's Chromium, or CHROME_PATH: the browser of the end-to-end suite and the bench. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium without its own background work (updates, sync, networking), which would be measured or wait too. */
export const quietChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
