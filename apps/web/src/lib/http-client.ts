import { ApiError } from './api-error';
import { readStoredValue } from './client-storage';
import { isOnline } from './online-status';

/**
 * The one HTTP client of the app (spec 2 §9): relative `/s2c/…` paths,
 * form-encoded bodies, the bearer token, the XSRF header, the page's
 * language, GET retries on 5xx and network failures, answers read through `data`.
 */

export type FormValue = string | number | boolean | null | undefined;
export type FormValues = Record<string, FormValue | readonly FormValue[]>;

export type RequestOptions = {
  /** Query parameters; undefined values are left out. */
  query?: FormValues;
  /** Body of a non-GET call, sent form-encoded. */
  body?: FormValues;
  signal?: AbortSignal;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Retries of a GET after the first attempt, and the delay unit (1000 ms × attempt). */
export const getRetries = 3;
export const retryDelayMs = 1000;

/** Form encoding: null and undefined are sent as empty, arrays as repeated keys. */
export function formEncode(values: FormValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list as readonly FormValue[])
      params.append(key, item == null ? '' : String(item));
  }
  return params;
}

function queryString(query: FormValues | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list as readonly FormValue[])
      params.append(key, item == null ? '' : String(item));
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

function isRelative(url: string): boolean {
  return !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

let requestLanguage = '';

/**
 * The language of the page being shown (`el-GR`, as its `<html lang>`), sent
 * as `Accept-Language` so the server words its messages in it (decision 029).
 * The page loader sets it as soon as the page's layout is known, before the
 * screen makes its calls.
 */
export function setRequestLanguage(tag: string): void {
  requestLanguage = tag;
}

function headersFor(method: Method, url: string, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (requestLanguage !== '') headers.set('Accept-Language', requestLanguage);
  if (hasBody) headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
  const token = readStoredValue('token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The XSRF cookie is only for our own origin, and GET changes nothing.
  if (method !== 'GET' && isRelative(url)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  return headers;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  if (typeof body === 'object' && body !== null && 'code' in body) {
    const { code, data } = body as { code: unknown; data?: unknown };
    return new ApiError(response.status, String(code), data ?? null);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, body ?? null);
}

async function send<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = `${path}${queryString(options.query)}`;
  const body = method === 'GET' ? undefined : formEncode(options.body ?? {}).toString();
  const init: RequestInit = {
    method,
    headers: headersFor(method, url, body !== undefined),
    body,
    credentials: 'same-origin',
    signal: options.signal,
  };
  const attempts = method === 'GET' ? 1 + getRetries : 1;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // Offline, retrying only keeps the spinner going: the offline notice says why.
      if (attempt >= attempts || !isOnline()) throw new ApiError(0, 'NETWORK_ERROR', null);
      await wait(retryDelayMs * attempt, options.signal);
      continue;
    }
    if (response.ok) {
      const answer = await readBody(response);
      return (
        typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : answer
      ) as T;
    }
    if (response.status >= 500 && response.status <= 599 && attempt < attempts) {
      await wait(retryDelayMs * attempt, options.signal);
      continue;
    }
    throw await toApiError(response);
  }
}

export const httpClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => send<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => send<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => send<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
};
