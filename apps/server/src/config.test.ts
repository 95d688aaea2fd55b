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

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/club' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret') as unknown }),
    );
  });
});
