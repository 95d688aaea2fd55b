import { voucherCodes } from './fulfilment.js';
import type {
  CancelResult,
  ProviderOrder,
  PlaceResult,
  StatusResult,
  VoucherProvider,
} from './voucher-provider.js';

export type HttpProviderOptions = {
  /** Base URL of the provider's API, without a trailing slash needed. */
  url: string;
  /** Sent as `Authorization: Bearer {key}`. */
  key: string | undefined;
  /** A call taking longer is abandoned (and retried by the order queue). */
  timeoutMs: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
};

/** The body of `POST {url}/orders` (docs/gifts.md, "The voucher provider"). */
export type HttpOrderBody = {
  /** The club's order id: the idempotency key; the same id twice is one order. */
  id: number;
  memberNumber: string;
  country: string;
  delivery: ProviderOrder['delivery'];
  address: string;
  lines: { giftId: number; quantity: number; points: number; description: string }[];
};

/**
 * The voucher provider's HTTP API: `GET /availability` → `{available}`,
 * `POST /orders` → 201 `{ref}` (409: already have that id, accepted),
 * other 4xx `{reason}` refused, 5xx, timeout or network failure retried;
 * `GET /orders/{ref}` → `{state, reason?}`;
 * `POST /orders/{id}/cancel` (the club's id) → 200: the provider does not
 * hold it and refuses that id from now on, 409 `{ref}`: it holds the order.
 */
export class HttpVoucherProvider implements VoucherProvider {
  readonly name = 'http' as const;
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: HttpProviderOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
  }

  async isAvailable(): Promise<boolean> {
    try {
      const response = await this.call('GET', '/availability');
      if (!response.ok) return false;
      const body: unknown = await response.json();
      return isObject(body) && body.available === true;
    } catch {
      return false;
    }
  }

  async placeOrder(order: ProviderOrder): Promise<PlaceResult> {
    const body: HttpOrderBody = {
      id: order.id,
      memberNumber: order.memberNumber,
      country: order.countryCode,
      delivery: order.delivery,
      address: order.deliveryAddress,
      lines: order.lines,
    };
    let response: Response;
    let payload: unknown;
    try {
      response = await this.call('POST', '/orders', body);
      payload = await readJson(response);
    } catch (error) {
      return { outcome: 'retry', reason: describe(error) };
    }
    if (response.status === 200 || response.status === 201) {
      const ref = isObject(payload) && typeof payload.ref === 'string' ? payload.ref : '';
      if (ref === '') return { outcome: 'retry', reason: 'Provider answered without a ref' };
      return { outcome: 'accepted', ref };
    }
    if (response.status === 409) {
      // The provider already has this order id: the earlier call went through.
      const ref = isObject(payload) && typeof payload.ref === 'string' ? payload.ref : '';
      return { outcome: 'accepted', ref: ref === '' ? `http-${order.id}` : ref };
    }
    if (
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 408 &&
      response.status !== 429
    ) {
      return {
        outcome: 'refused',
        reason: reasonOf(payload, `Provider refused (HTTP ${response.status})`),
      };
    }
    return {
      outcome: 'retry',
      reason: reasonOf(payload, `Provider answered HTTP ${response.status}`),
    };
  }

  /** Throws when the provider cannot be asked (network, timeout, 5xx): ask again later. */
  async orderStatus(ref: string): Promise<StatusResult> {
    const response = await this.call('GET', `/orders/${encodeURIComponent(ref)}`);
    const payload = await readJson(response);
    if (!response.ok || !isObject(payload)) {
      throw new Error(`Order status answered HTTP ${response.status}`);
    }
    if (payload.state === 'fulfilled') {
      // Codes that are not short printable tokens are dropped, never shown or mailed.
      const vouchers = Array.isArray(payload.vouchers) ? voucherCodes(payload.vouchers) : [];
      return { state: 'fulfilled', vouchers };
    }
    if (payload.state === 'refused') {
      return { state: 'refused', reason: reasonOf(payload, 'Refused by the provider') };
    }
    return { state: 'pending' };
  }

  /** Throws when the provider cannot be asked (network, timeout, any other answer): ask again later. */
  async cancelOrder(orderId: number): Promise<CancelResult> {
    const response = await this.call('POST', `/orders/${orderId}/cancel`, {});
    const payload = await readJson(response);
    if (response.status === 200) return { outcome: 'cancelled' };
    if (response.status === 409) {
      const ref = isObject(payload) && typeof payload.ref === 'string' ? payload.ref : '';
      return { outcome: 'held', ref: ref === '' ? `http-${orderId}` : ref };
    }
    throw new Error(`Order cancellation answered HTTP ${response.status}`);
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.key !== undefined) headers.authorization = `Bearer ${this.options.key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function reasonOf(payload: unknown, fallback: string): string {
  const reason =
    isObject(payload) && typeof payload.reason === 'string' ? payload.reason.trim() : '';
  return (reason === '' ? fallback : reason).slice(0, 500);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'Provider did not answer in time';
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = isObject(cause) && typeof cause.code === 'string' ? ` (${cause.code})` : '';
    return `Provider unreachable: ${error.message}${code}`;
  }
  return `Provider unreachable: ${String(error)}`;
}
