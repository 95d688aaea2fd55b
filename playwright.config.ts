import { defineConfig } from '@playwright/test';
import { chromiumPath, quietChromiumFlags } from './e2e/support/chromium';

/**
 * End-to-end journeys in Debian's Chromium against the real, built server on a
 * fresh embedded database (the `webServer` below starts it on its own port).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const mailSinkSmtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 2526);
const mailSinkHttpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3199);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./e2e/support/slowest-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...quietChromiumFlags, '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // A real SMTP server whose messages the tests read (e2e/support/mail.ts).
      command: 'node e2e/support/mail-sink.mjs',
      url: `http://127.0.0.1:${mailSinkHttpPort}/health`,
      reuseExistingServer: false,
      env: {
        MAIL_SINK_SMTP_PORT: String(mailSinkSmtpPort),
        MAIL_SINK_HTTP_PORT: String(mailSinkHttpPort),
      },
    },
    {
      command: 'node e2e/support/start-server.mjs',
      url: `http://localhost:${port}/s2c/content/v1/layout/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${mailSinkSmtpPort}` },
    },
  ],
});
