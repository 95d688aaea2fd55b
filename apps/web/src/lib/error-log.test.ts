import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfigForTests } from './app-config';
import { logError } from './error-log';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: null }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('logError', () => {
  it('posts nothing while error logging is off', async () => {
    setAppConfigForTests({ errorLog: false });
    await logError('boom');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts { message } to /content/v1/log when on', async () => {
    setAppConfigForTests({ errorLog: true });
    await logError('boom');
    expect(fetchMock.mock.lastCall?.[0]).toBe('/content/v1/log');
    expect(fetchMock.mock.lastCall?.[1]).toMatchObject({ method: 'POST', body: 'message=boom' });
  });

  it('swallows a failing log call', async () => {
    setAppConfigForTests({ errorLog: true });
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(logError('boom')).resolves.toBeUndefined();
  });
});
