import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { staffToken } from './staff';

/**
 * The XSRF header a POST of this request context needs once one of its GETs
 * got the `XSRF-TOKEN` cookie (the server asks the header of a caller with
 * the cookie).
 */
export async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  return cookie === undefined ? {} : { 'x-xsrf-token': cookie.value };
}

/** A member's session token through the login call. */
export async function memberToken(
  request: APIRequestContext,
  member: { number: string; password: string },
): Promise<string> {
  const response = await request.post('/s2c/auth/v1/token/agent', {
    headers: await xsrfHeader(request),
    data: { username: member.number, password: member.password },
  });
  if (!response.ok()) throw new Error(`member login failed: ${response.status()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Places an order as the redeem-points form does; answers its number. */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  countryCode: string,
  listgifts: string,
): Promise<number> {
  const response = await request.post('/s2c/content/v1/pages/redeem-points/', {
    headers: { authorization: `Bearer ${token}`, ...(await xsrfHeader(request)) },
    form: {
      countryCode,
      languageCode: 'eng',
      listgifts,
      delivery: 'self',
      giftDeliveryAddress: '',
      orderKey: randomBytes(24).toString('base64url'),
    },
  });
  const answer = (await response.json()) as { data: { ordered: boolean; orderId: number } | null };
  if (answer.data?.ordered !== true) {
    throw new Error(`order refused: ${response.status()} ${JSON.stringify(answer)}`);
  }
  return answer.data.orderId;
}

/** The member's points page data (available points, orders with their vouchers). */
export async function pointsPage(request: APIRequestContext, token: string, countryCode: string) {
  const response = await request.get(`/s2c/content/v1/pages/points/?countryCode=${countryCode}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (
    (await response.json()) as {
      data: { refresh: number; orders: { id: number; state: string; vouchers: string[] }[] };
    }
  ).data;
}

/** Waits until the manual provider took the order (submitted), as the demo admin reads it. */
export async function waitUntilSubmitted(
  request: APIRequestContext,
  orderId: number,
): Promise<void> {
  const token = await staffToken(request, 'admin');
  await expect
    .poll(async () => {
      const response = await request.get(`/s2c/staff/v1/orders/${orderId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { data: { state: string } }).data.state;
    })
    .toBe('submitted');
}
