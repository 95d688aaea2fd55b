import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** A member's session token through the login call. */
export async function memberToken(
  request: APIRequestContext,
  member: { number: string; password: string },
): Promise<string> {
  const response = await request.post('/s2c/auth/v1/token/agent', {
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
    headers: { authorization: `Bearer ${token}` },
    form: {
      countryCode,
      languageCode: 'eng',
      listgifts,
      delivery: 'self',
      giftDeliveryAddress: '',
      orderKey: randomBytes(24).toString('base64url'),
    },
  });
  const answer = (await response.json()) as { data: { ordered: boolean; orderId: number } };
  if (!answer.data.ordered) throw new Error(`order refused: ${JSON.stringify(answer)}`);
  return answer.data.orderId;
}

/** The member's points page data (available points, orders with their vouchers). */
export async function pointsPage(request: APIRequestContext, token: string, countryCode: string) {
  const response = await request.get(`/s2c/content/v1/pages/points/?countryCode=${countryCode}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (
    (await response.json()) as {
      data: { Refresh?: number; orders: { id: number; state: string; vouchers: string[] }[] };
    }
  ).data;
}
