import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfigForTests } from '../../lib/app-config';
import { readStoredValue, writeStoredValue } from '../../lib/client-storage';
import { apiData, apiError, stubApi } from '../../testing/membership-test-utils';
import { makeUser } from '../../testing/membership-test-utils';
import { exchangeHandoverCode, takeHandoverCode } from './session-handover';

type HappyDomWindow = { happyDOM: { setURL(url: string): void } };
const setUrl = (url: string) => (window as unknown as HappyDomWindow).happyDOM.setURL(url);

beforeEach(() => {
  setAppConfigForTests({ rootDomain: 'localhost', tokenStorage: 'local' });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const isExchange = (call: { method: string; path: string }) =>
  call.method === 'POST' && call.path === '/s2c/auth/v1/session/handover';

describe('arriving with a session handover code', () => {
  it('takes the code off the address at once, keeping the rest of it', () => {
    setUrl('http://at.localhost:3000/points?x=1&handover=code-1#top');
    expect(takeHandoverCode()).toBe('code-1');
    expect(window.location.href).toBe('http://at.localhost:3000/points?x=1#top');
  });

  it('finds no code in an address without one, and leaves it alone', () => {
    setUrl('http://at.localhost:3000/points?x=1');
    expect(takeHandoverCode()).toBeNull();
    expect(window.location.href).toBe('http://at.localhost:3000/points?x=1');
  });

  it("exchanges it for this site's session, naming the site's country", async () => {
    setUrl('http://at.localhost:3000/points');
    const calls = stubApi((call) =>
      isExchange(call)
        ? apiData({ user: makeUser({ countryCode: 'at' }), token: 'tok-at' })
        : undefined,
    );
    await exchangeHandoverCode('code-1');
    const exchange = calls.find(isExchange);
    expect(exchange?.body.get('code')).toBe('code-1');
    expect(exchange?.body.get('countryCode')).toBe('at');
    expect(readStoredValue('token')).toBe('tok-at');
    expect(readStoredValue('userId')).toBe('7');
  });

  it('names the country of the route prefix on the root site', async () => {
    setUrl('http://localhost:3000/cy/points');
    const calls = stubApi((call) =>
      isExchange(call)
        ? apiData({ user: makeUser({ countryCode: 'cy' }), token: 'tok-cy' })
        : undefined,
    );
    await exchangeHandoverCode('code-1');
    expect(calls.find(isExchange)?.body.get('countryCode')).toBe('cy');
  });

  it('leaves a guest when the code is refused', async () => {
    setUrl('http://at.localhost:3000/points');
    stubApi((call) =>
      isExchange(call) ? apiError(401, 'UNAUTHORIZED', { code: 'refused' }) : undefined,
    );
    await exchangeHandoverCode('used-code');
    expect(readStoredValue('token')).toBeNull();
    expect(readStoredValue('userId')).toBeNull();
  });

  it("never replaces a live session here: another member's code is left unused", async () => {
    setUrl('http://at.localhost:3000/points');
    writeStoredValue('token', 'tok-mine');
    writeStoredValue('userId', '5');
    const calls = stubApi((call) => {
      if (call.path === '/s2c/auth/v1/agents/5') return apiData(makeUser({ id: 5 }));
      if (isExchange(call)) return apiData({ user: makeUser({ id: 9 }), token: 'tok-theirs' });
      return undefined;
    });
    await exchangeHandoverCode('their-code');
    expect(calls.some(isExchange)).toBe(false);
    expect(readStoredValue('token')).toBe('tok-mine');
    expect(readStoredValue('userId')).toBe('5');
  });

  it('exchanges it where the stored session has ended', async () => {
    setUrl('http://at.localhost:3000/points');
    writeStoredValue('token', 'tok-old');
    writeStoredValue('userId', '5');
    const calls = stubApi((call) => {
      if (call.path === '/s2c/auth/v1/agents/5') return apiError(401, 'UNAUTHORIZED');
      if (isExchange(call)) return apiData({ user: makeUser({ id: 9 }), token: 'tok-new' });
      return undefined;
    });
    await exchangeHandoverCode('my-code');
    expect(calls.some(isExchange)).toBe(true);
    expect(readStoredValue('token')).toBe('tok-new');
    expect(readStoredValue('userId')).toBe('9');
  });
});
