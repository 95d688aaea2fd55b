import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wordText } from '@club/contract/message-catalogue';
import {
  ApiError,
  errorMessages,
  fieldMessages,
  loadFailure,
  submitErrorMessage,
} from './api-error';
import { setAppConfigForTests } from './app-config';
import { writeStoredValue } from './client-storage';
import { formEncode, httpClient, setRequestLanguage } from './http-client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

function lastInit(): RequestInit {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  return call[1] ?? {};
}

function header(name: string): string | null {
  return new Headers(lastInit().headers).get(name);
}

beforeEach(() => {
  setAppConfigForTests({ tokenStorage: 'local' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('form encoding', () => {
  it('sends null and undefined as empty and arrays as repeated keys', () => {
    const body = formEncode({ a: 'x y', b: null, c: undefined, d: ['1', '2'], e: 3, f: true });
    expect(body.toString()).toBe('a=x+y&b=&c=&d=1&d=2&e=3&f=true');
  });

  it('posts the body form-encoded', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: { ok: true } })));
    await httpClient.post('/s2c/auth/v1/agents', { body: { email: 'a@b.gr', phone: null } });
    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('email=a%40b.gr&phone=');
    expect(header('Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it('puts query parameters on the URL and leaves undefined ones out', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: null })));
    await httpClient.get('/s2c/content/v1/layout/', {
      query: { countryCode: 'gr', languageCode: undefined },
    });
    expect(fetchMock.mock.lastCall?.[0]).toBe('/s2c/content/v1/layout/?countryCode=gr');
    expect(lastInit().body).toBeUndefined();
  });
});

describe('headers', () => {
  it('adds the bearer token only when one is stored', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: 1 })));
    await httpClient.get('/s2c/auth/v1/agents/1');
    expect(header('Authorization')).toBeNull();
    writeStoredValue('token', 'abc');
    await httpClient.get('/s2c/auth/v1/agents/1');
    expect(header('Authorization')).toBe('Bearer abc');
  });

  it('reads the bearer token from a cookie when configured so', async () => {
    setAppConfigForTests({ tokenStorage: 'cookie' });
    document.cookie = 'token=from-cookie; path=/';
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: 1 })));
    await httpClient.get('/s2c/auth/v1/agents/1');
    expect(header('Authorization')).toBe('Bearer from-cookie');
  });

  it('adds X-XSRF-TOKEN from the cookie on relative non-GET requests only', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: 1 })));
    await httpClient.post('/s2c/auth/v1/agents/logout');
    expect(header('X-XSRF-TOKEN')).toBe('xsrf-1');
    await httpClient.put('/s2c/auth/v1/agents/1', { body: {} });
    expect(header('X-XSRF-TOKEN')).toBe('xsrf-1');
    await httpClient.get('/s2c/content/v1/layout/');
    expect(header('X-XSRF-TOKEN')).toBeNull();
    await httpClient.post('https://other.example/s2c/x');
    expect(header('X-XSRF-TOKEN')).toBeNull();
    await httpClient.post('//other.example/s2c/x');
    expect(header('X-XSRF-TOKEN')).toBeNull();
  });

  it("sends the page's language as Accept-Language, and none before the page has one", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: 1 })));
    setRequestLanguage('el-GR');
    await httpClient.post('/s2c/auth/v1/token/agent', { body: { username: '1' } });
    expect(header('Accept-Language')).toBe('el-GR');
    setRequestLanguage('');
    await httpClient.get('/s2c/content/v1/layout/');
    expect(header('Accept-Language')).toBeNull();
  });

  it('sends no XSRF header without the cookie', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: 1 })));
    await httpClient.post('/s2c/auth/v1/agents/logout');
    expect(header('X-XSRF-TOKEN')).toBeNull();
  });
});

describe('answers', () => {
  it('unwraps data', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { data: { title: 'FAQ' } })));
    await expect(httpClient.get('/s2c/content/v1/pages/faq/')).resolves.toEqual({ title: 'FAQ' });
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(httpClient.post('/s2c/auth/v1/agents/logout')).resolves.toBeUndefined();
  });

  it('throws an ApiError with status, code and data', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(400, { code: 'VALIDATION_FAILED', data: { email: 'Wrong' } })),
    );
    const error = await httpClient.post('/s2c/auth/v1/agents').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      data: { email: 'Wrong' },
    });
  });

  it('gives a code even when the error body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 404 }));
    const error = await httpClient.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'HTTP_404', data: 'Bad gateway' });
  });
});

describe('GET retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('retries a GET three times on 5xx with 1000 ms × attempt, then throws', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(503, { code: 'SERVICE_UNAVAILABLE', data: null })),
    );
    const result = httpClient.get('/s2c/content/v1/layout/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toMatchObject({ status: 503 });
  });

  it('stops retrying once an answer succeeds', async () => {
    fetchMock
      .mockResolvedValueOnce(json(500, {}))
      .mockResolvedValueOnce(json(502, {}))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));
    const result = httpClient.get('/s2c/content/v1/texts', { query: { key: 'subscribe' } });
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('ok');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries a GET on network failure', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));
    const result = httpClient.get('/s2c/content/v1/layout/');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
  });

  it('gives status 0 after the network failed every time', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = httpClient.get('/s2c/content/v1/layout/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(result).resolves.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry a GET while the browser is offline: it fails at once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    try {
      await expect(httpClient.get('/s2c/content/v1/layout/')).rejects.toMatchObject({
        status: 0,
        code: 'NETWORK_ERROR',
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('does not retry a GET on 4xx', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(404, { code: 'NOT_FOUND', data: null })),
    );
    await expect(httpClient.get('/s2c/content/v1/pages/nope/')).rejects.toMatchObject({
      status: 404,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry POST, PUT or DELETE', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(500, { code: 'INTERNAL_ERROR', data: null })),
    );
    await expect(httpClient.post('/s2c/a')).rejects.toMatchObject({ status: 500 });
    await expect(httpClient.put('/s2c/a')).rejects.toMatchObject({ status: 500 });
    await expect(httpClient.delete('/s2c/a')).rejects.toMatchObject({ status: 500 });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(httpClient.post('/s2c/a')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('stops waiting when the call is aborted', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(500, {})));
    const controller = new AbortController();
    const result = httpClient.get('/s2c/a', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).not.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the error catalogue', () => {
  it('maps load failures to the 404 screen, the 403 screen or the banner', () => {
    expect(loadFailure(new ApiError(404, 'NOT_FOUND', null))).toBe('not-found');
    expect(loadFailure(new ApiError(401, 'UNAUTHORIZED', null))).toBe('no-access');
    expect(loadFailure(new ApiError(403, 'FORBIDDEN', null))).toBe('no-access');
    expect(loadFailure(new ApiError(503, 'SERVICE_UNAVAILABLE', null))).toBe('unavailable');
    expect(loadFailure(new ApiError(0, 'NETWORK_ERROR', null))).toBe('unavailable');
    expect(loadFailure(new Error('boom'))).toBe('unavailable');
    expect(errorMessages.unavailable).toBe('Services are unavailable. Try again later');
    expect(errorMessages.notFound).toBe('Page not found');
    expect(errorMessages.noAccess).toBe('No access to this page');
  });

  it('gives the generic submit message unless the error carries its own', () => {
    const generic = submitErrorMessage(new ApiError(500, 'INTERNAL_ERROR', null));
    expect(generic).toBe('error.submitFailed');
    expect(wordText(generic)).toBe('Some server or network problems, please try again later');
    expect(submitErrorMessage(new ApiError(409, 'CONFLICT', { message: 'Already ordered' }))).toBe(
      'Already ordered',
    );
  });

  it('turns 400 data into per-field messages, without requestId', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', {
      requestId: 'r-1',
      email: 'Wrong format',
      password: ['Too short', 'Needs a digit'],
    });
    expect(fieldMessages(error)).toEqual({
      email: ['Wrong format'],
      password: ['Too short', 'Needs a digit'],
    });
    expect(fieldMessages(new ApiError(500, 'INTERNAL_ERROR', { email: 'x' }))).toBeNull();
    expect(fieldMessages(new ApiError(400, 'VALIDATION_FAILED', null))).toBeNull();
  });
});
