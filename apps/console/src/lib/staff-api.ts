/**
 * The console's calls to `/s2c/staff/v1/…`: the staff token as a bearer token,
 * the XSRF header the server asks of non-GET calls with its cookie, bodies
 * form-encoded (or JSON for structured values), answers unwrapped from the
 * `{ data }` envelope.
 */

const tokenKey = 'staff-token';

/** The staff token lives for the browser tab only: closing the tab logs out. */
export const staffToken = {
  get: (): string | null => sessionStorage.getItem(tokenKey),
  set: (token: string) => sessionStorage.setItem(tokenKey, token),
  clear: () => sessionStorage.removeItem(tokenKey),
};

/** Sent on `window` when a call answers 401: the session ended (idle, 8 hours, or ended by an admin). */
export const sessionEndedEvent = 'staff-session-ended';

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly data: unknown,
  ) {
    super(`Staff call failed with ${status}${code === undefined ? '' : ` (${code})`}`);
  }

  /** The message of one field of a 400 answer, if the server gave one. */
  fieldMessage(field: string): string | undefined {
    const value = (this.data as Record<string, unknown> | null | undefined)?.[field];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    return undefined;
  }
}

export type FormValues = Record<string, string | number | boolean | null | undefined>;

function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function formBody(values: FormValues): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  return body.toString();
}

export type CallOptions = {
  /** Send the body as JSON rather than form-encoded (lists and nested values). */
  json?: boolean;
  signal?: AbortSignal;
  /** A 401 here is an answer, not an ended session (the login itself). */
  expectUnauthorized?: boolean;
};

/** Calls a staff endpoint and answers its `data`; throws `StaffApiError` on any other status than 2xx. */
export async function staffCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  /** Form values, or any JSON value with `json: true`. */
  body?: unknown,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = staffToken.get();
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf !== undefined) headers['x-xsrf-token'] = xsrf;
  }
  let payload: string | undefined;
  if (body !== undefined) {
    if (options.json === true) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = formBody(body as FormValues);
    }
  }
  const response = await fetch(path, { method, headers, body: payload, signal: options.signal });
  const answer = (await response.json().catch(() => null)) as {
    data?: unknown;
    code?: string;
  } | null;
  if (!response.ok) {
    if (response.status === 401 && options.expectUnauthorized !== true) {
      staffToken.clear();
      window.dispatchEvent(new Event(sessionEndedEvent));
    }
    throw new StaffApiError(response.status, answer?.code, answer?.data);
  }
  return answer?.data as T;
}

/** A query string of the values that are set. */
export function queryString(values: FormValues): string {
  const query = formBody(values);
  return query === '' ? '' : `?${query}`;
}

/**
 * Downloads a staff export (CSV or JSON) with the token: a plain link cannot
 * carry it, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = staffToken.get();
  const response = await fetch(path, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new StaffApiError(response.status, undefined, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
