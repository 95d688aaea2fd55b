import { describe, expect, it } from 'vitest';
import { isAbsolute, join } from 'node:path';
import { ConfigError, loadConfig, repositoryRoot } from './config.js';

describe('configuration', () => {
  it('has working defaults with repository-relative folders', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databaseAnswerTimeoutMs: 1000,
      smtpUrl: undefined,
      publicRootDomain: 'localhost',
      defaultCountry: 'gr',
      production: false,
      errorLog: false,
      tokenStorage: 'local',
      logLevel: 'info',
      timeouts: { requestMs: 30_000, connectionMs: 60_000, keepAliveMs: 72_000 },
      shutdownGraceMs: 10_000,
    });
    expect(config.dataDir).toBe(join(repositoryRoot, 'data'));
    expect(config.contentDir).toBe(join(repositoryRoot, 'content'));
    expect(config.webDistDir).toBe(join(repositoryRoot, 'apps/web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://club@db.internal:5432/club',
      DATABASE_ANSWER_TIMEOUT_MS: '1500',
      DATA_DIR: '/var/lib/club',
      CONTENT_DIR: 'my-content',
      SMTP_URL: 'smtps://mail.example:465',
      PUBLIC_ROOT_DOMAIN: 'Club.Example',
      DEFAULT_COUNTRY: 'AT',
      PRODUCTION: '1',
      ERROR_LOG: 'true',
      TOKEN_STORAGE: 'cookie',
      LOG_LEVEL: 'warn',
      MAIL_RESEND_QUIET_SECONDS: '5',
      VOUCHER_PROVIDER_CHECK_MS: '15000',
      ORDER_STATUS_CHECK_MS: '20000',
      REQUEST_TIMEOUT_MS: '5000',
      CONNECTION_TIMEOUT_MS: '7000',
      KEEP_ALIVE_TIMEOUT_MS: '3000',
      SHUTDOWN_GRACE_MS: '2500',
    });
    expect(config.timeouts).toEqual({ requestMs: 5000, connectionMs: 7000, keepAliveMs: 3000 });
    expect(config.shutdownGraceMs).toBe(2500);
    expect(config.mail.resendQuietMs).toBe(5000);
    expect(config.gifts).toMatchObject({ providerCheckMs: 15_000, orderStatusCheckMs: 20_000 });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://club@db.internal:5432/club',
      databaseAnswerTimeoutMs: 1500,
      dataDir: '/var/lib/club',
      smtpUrl: 'smtps://mail.example:465',
      publicRootDomain: 'club.example',
      defaultCountry: 'at',
      production: true,
      errorLog: true,
      tokenStorage: 'cookie',
      logLevel: 'warn',
    });
    expect(isAbsolute(config.contentDir)).toBe(true);
    expect(config.contentDir).toBe(join(repositoryRoot, 'my-content'));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/club'],
    ['SMTP_URL', 'http://mail.example'],
    ['PUBLIC_ROOT_DOMAIN', 'not a domain'],
    ['DEFAULT_COUNTRY', 'grc'],
    ['PRODUCTION', 'yes'],
    ['ERROR_LOG', 'on'],
    ['TOKEN_STORAGE', 'session'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '10.0.0.1,proxy.internal'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['DEVICE_COOKIE_SECRET', 'short'],
    ['TOTP_SECRET_KEY', 'short'],
    ['TOTP_SECRET_KEY', 'ab'.repeat(31)],
    ['TOTP_SECRET_KEY', 'x'.repeat(64)],
    ['LOGIN_DEVICE_FREE_FAILURES', '0'],
    ['REGISTRATION_ADDRESS_FREE_ATTEMPTS', 'many'],
    ['ENROLL_ADDRESS_FREE_REQUESTS', '-1'],
    ['ENROLL_NOTIFY_OFFICE_FREE_REQUESTS', '1.5'],
    ['ENROLL_NOTIFY_MAX_WAITING', '0'],
    ['REQUEST_TIMEOUT_MS', '0'],
    ['CONNECTION_TIMEOUT_MS', 'soon'],
    ['KEEP_ALIVE_TIMEOUT_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', '1.5'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} `),
    );
  });

  it('stops on a setting that needs another, naming the one missing', () => {
    expect(() => loadConfig({ VOUCHER_PROVIDER: 'http' })).toThrow(
      /^Invalid configuration: VOUCHER_PROVIDER_URL is required when VOUCHER_PROVIDER is http/,
    );
    expect(
      loadConfig({ VOUCHER_PROVIDER: 'http', VOUCHER_PROVIDER_URL: 'https://vouchers.example' })
        .gifts,
    ).toMatchObject({ provider: 'http', providerUrl: 'https://vouchers.example' });
  });

  it('keeps the bench routes off unless asked, and never in production', () => {
    expect(loadConfig({}).benchRoutes).toBe(false);
    expect(loadConfig({ BENCH_ROUTES: 'true' }).benchRoutes).toBe(true);
    expect(() => loadConfig({ BENCH_ROUTES: 'true', PRODUCTION: 'true' })).toThrow(
      /^Invalid configuration: BENCH_ROUTES is for benchmarks only/,
    );
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,2001:db8::/32,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '2001:db8::/32', 'loopback']);
  });

  it('reads the device cookie and request limits, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      deviceCookieSecret: undefined,
      loginLimits: { freeFailuresPerDevice: 5 },
      requestLimits: {
        registrationsPerAddress: 20,
        enrollRequestsPerAddress: 20,
        notifyRequestsPerOffice: 20,
        notifyWaitingPerOffice: 50,
      },
    });
    expect(
      loadConfig({
        DEVICE_COOKIE_SECRET: 'x'.repeat(32),
        LOGIN_DEVICE_FREE_FAILURES: '3',
        REGISTRATION_ADDRESS_FREE_ATTEMPTS: '7',
        ENROLL_ADDRESS_FREE_REQUESTS: '8',
        ENROLL_NOTIFY_OFFICE_FREE_REQUESTS: '9',
        ENROLL_NOTIFY_MAX_WAITING: '10',
      }),
    ).toMatchObject({
      deviceCookieSecret: 'x'.repeat(32),
      loginLimits: { freeFailuresPerDevice: 3 },
      requestLimits: {
        registrationsPerAddress: 7,
        enrollRequestsPerAddress: 8,
        notifyRequestsPerOffice: 9,
        notifyWaitingPerOffice: 10,
      },
    });
  });

  it('reads TOTP_SECRET_KEY as 64 hex digits or 32 bytes in base64, and never echoes it', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
    expect(loadConfig({}).staff.totpSecretKey).toBeUndefined();
    for (const written of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ]) {
      expect(loadConfig({ TOTP_SECRET_KEY: written }).staff.totpSecretKey, written).toEqual(bytes);
    }
    const tooShort = bytes.subarray(0, 24).toString('base64');
    expect(() => loadConfig({ TOTP_SECRET_KEY: tooShort })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(tooShort) as unknown }),
    );
  });

  it('never echoes the device cookie secret', () => {
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: 'tooshort-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('tooshort') as unknown }),
    );
  });

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/club' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') as unknown }),
    );
  });
});
