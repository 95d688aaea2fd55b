import type { QueryClient } from '@tanstack/react-query';
import type { ClientLayout } from '@club/contract/client-layout';
import { RedeemResultSchema, type RedeemForm, type RedeemResult } from '@club/contract/gifts';
import type { Page } from '@club/contract/page';
import { httpClient } from '../../../lib/http-client';

/**
 * The redeem form's submit (spec 2 §3 "Redeem form", §4 "Redeem flow"): the
 * generic page-form POST to `/s2c/content/v1/pages/redeem-points/` with the
 * form values, the page params, the country and the language. Answers the
 * contract's RedeemResult (or throws, and the screen shows the generic
 * submit error).
 */
export async function placeOrder(
  page: Pick<Page, 'name' | 'params'>,
  layout: Pick<ClientLayout, 'countryCode' | 'languageCode'>,
  form: RedeemForm,
): Promise<RedeemResult> {
  const answer = await httpClient.post<unknown>(
    `/s2c/content/v1/pages/${encodeURIComponent(page.name)}/`,
    {
      body: {
        ...page.params,
        ...form,
        countryCode: layout.countryCode,
        languageCode: layout.languageCode,
      },
    },
  );
  const parsed = RedeemResultSchema.safeParse(answer);
  if (!parsed.success) throw new Error('Unexpected redeem answer');
  return parsed.data;
}

/**
 * Opening redeem-points refreshes the member's points status report (spec 2
 * §4 "Page changes"): the points capability keys it under `agent-points`.
 */
export function refreshStatusReport(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['agent-points'], refetchType: 'all' });
}

/**
 * After an order: the balance, the gift list (available points, stock), the
 * points page (Ordered gifts tab) and this order form (its order key is used)
 * are out of date.
 */
export async function forgetAfterOrder(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: ['page', 'redeem-points'] });
  await Promise.all([
    refreshStatusReport(queryClient),
    queryClient.invalidateQueries({ queryKey: ['page', 'gifts'] }),
    queryClient.invalidateQueries({ queryKey: ['page', 'points'] }),
  ]);
}
