import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../testing/test-app.js';
import { login } from '../../testing/agent-requests.js';
import { limitAddress } from './client-address.js';

describe('limitAddress', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const prefix = '2001:db8:0:7::/64';
    for (const address of [
      '2001:db8:0:7::1',
      '2001:DB8:0:7:a::1',
      '2001:0db8:0000:0007:ffff:ffff:ffff:ffff',
      '2001:db8::7:ffff:1:2:3',
      '2001:db8:0:7:0:0:1.2.3.4',
      '2001:db8:0:7::1%eth0',
    ]) {
      expect(limitAddress(address), address).toBe(prefix);
    }
    expect(limitAddress('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('::')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 addresses, IPv4-mapped IPv6 ones and anything else as they are', () => {
    for (const address of [
      '198.51.100.7',
      '198.51.100.8',
      '::ffff:198.51.100.7',
      '::FFFF:198.51.100.7',
      '::ffff:c633:6407',
      '0:0:0:0:0:ffff:c633:6407',
      '',
      'not an address',
      '2001:db8:0:7::/64',
    ]) {
      expect(limitAddress(address), address).toBe(address);
    }
  });
});

/** Each limit keyed by the client's address, with a small budget, from many addresses of one /64. */
describe('the per-address limits', () => {
  let t: TestApp;
  const clock = Date.parse('2030-08-01T08:00:00Z');
  beforeAll(async () => {
    const defaults = testConfig();
    t = await createTestApp({
      now: () => clock,
      config: {
        loginLimits: { ...defaults.loginLimits, freeFailuresPerAddress: 2, backoffMaxSeconds: 60 },
        errorLog: true,
      },
    });
  });
  afterAll(() => t.close());

  /** Distinct addresses of one /64 (`2001:db8:<net>::/64`), as a client that picks a new one for every request. */
  const within = (net: number, count: number) =>
    Array.from({ length: count }, (_, i) => `2001:db8:${net}:0:${(i + 1).toString(16)}::${i + 7}`);

  it('count every address of one IPv6 /64 as one client: member logins', async () => {
    const statuses: number[] = [];
    for (const [i, address] of within(1, 4).entries()) {
      statuses.push((await login(t.app, `10000${i}`, 'wrong1pass', address)).statusCode);
    }
    // Two free failures, the third blocks: the fourth address of the /64 waits.
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another /64 and IPv4 neighbours are other clients.
    expect((await login(t.app, '100009', 'wrong1pass', '2001:db8:2::1')).statusCode).toBe(401);
    const ipv4 = [];
    for (let i = 1; i <= 4; i++) {
      ipv4.push((await login(t.app, `20000${i}`, 'wrong1pass', `198.51.100.${i}`)).statusCode);
    }
    expect(ipv4).toEqual([401, 401, 401, 401]);
  });

  it('count every address of one IPv6 /64 as one client: staff setup links', async () => {
    const offer = (address: string) =>
      t.app.inject({
        method: 'GET',
        url: `/s2c/staff/v1/setup?token=stf_${'x'.repeat(43)}`,
        remoteAddress: address,
      });
    const statuses: number[] = [];
    for (const address of within(3, 4)) statuses.push((await offer(address)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await offer('2001:db8:4::1')).statusCode).toBe(404);
  });

  it('count every address of one IPv6 /64 as one client: the error log', async () => {
    const send = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/content/v1/log',
        remoteAddress: address,
        payload: { message: 'again' },
      });
    const statuses: number[] = [];
    for (const address of within(5, 31)) statuses.push((await send(address)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await send('2001:db8:6::1')).statusCode).toBe(204);
  });
});
