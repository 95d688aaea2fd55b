import type { Overview } from '@club/contract/staff-overview';
import { ALERTS_ENDING_SOON_DAYS } from '@club/contract/staff-overview-rules';
import { countOf, formatMoment } from '../lib/english-format';

/** One line of the Overview: what waits, how many, and the filtered screen that shows them. */
export type OverviewItem = {
  key: string;
  count: number;
  text: string;
  to: string;
};

/** `?country=at&state=…` with the values that are set, in this order. */
function query(values: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** How long ago a moment was, in whole days: "today", "1 day ago", "12 days ago". */
function ageOf(iso: string, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);
  return days < 1 ? 'today' : `${countOf(days, 'day', 'days')} ago`;
}

/**
 * The Overview's lines, each linking to the screen filtered to what it counts.
 * A new kind of work (open claims) adds one line here and one field to the
 * answer. The tax details have no list screen: the Overview names the oldest
 * members, each a link to their member view.
 */
export function overviewItems(overview: Overview, now = new Date()): OverviewItem[] {
  const { country } = overview;
  // The gift list shows one country at a time: the one chosen, or the only one.
  const giftCountry = country ?? (overview.countries.length === 1 ? overview.countries[0]! : null);
  const capped = overview.countsCapped ? ' or more' : '';
  const items: OverviewItem[] = [
    {
      key: 'open-claims',
      count: overview.openClaims,
      text:
        overview.oldestOpenClaimAt === null
          ? `${countOf(overview.openClaims, 'missing-points claim', 'missing-points claims')} to decide`
          : `${countOf(overview.openClaims, 'missing-points claim', 'missing-points claims')} to decide, the oldest filed ${ageOf(overview.oldestOpenClaimAt, now)}`,
      to: `/claims${query({ state: 'open', country })}`,
    },
    {
      key: 'orders-waiting',
      count: overview.ordersWaiting,
      text: `${countOf(overview.ordersWaiting, 'order', 'orders')}${capped} waiting for fulfilment`,
      to: `/orders${query({ state: 'submitted', country })}`,
    },
    {
      key: 'orders-failed',
      count: overview.ordersFailed,
      text: `${countOf(overview.ordersFailed, 'order', 'orders')}${capped} failed and refunded since ${overview.failedSince}`,
      to: `/orders${query({ state: 'failed', country, from: overview.failedSince })}`,
    },
    {
      key: 'tax-to-check',
      count: overview.taxToCheck,
      text: `${countOf(overview.taxToCheck, 'member’s tax details', 'members’ tax details')} to check`,
      to:
        overview.taxToCheckOldest[0] === undefined
          ? '/members'
          : `/members/${overview.taxToCheckOldest[0].number}`,
    },
    {
      key: 'rejected-lines',
      count: overview.rejectedLinesLastImport,
      text:
        overview.lastImport === null
          ? 'No booking import yet'
          : `${countOf(overview.rejectedLinesLastImport, 'rejected booking line', 'rejected booking lines')} in the last import (${overview.lastImport.fileName})`,
      to:
        overview.lastImport === null ? '/bookings' : `/bookings/imports/${overview.lastImport.id}`,
    },
    {
      key: 'low-stock',
      count: overview.lowStockGifts,
      text: `${countOf(overview.lowStockGifts, 'gift', 'gifts')} low on stock`,
      to: `/gifts${query({ country: giftCountry, stock: 'low' })}`,
    },
    {
      key: 'alerts-ending',
      count: overview.alertsEndingSoon,
      text:
        overview.alertEndingFirst === null
          ? `${countOf(overview.alertsEndingSoon, 'service alert', 'service alerts')} ending in the next ${ALERTS_ENDING_SOON_DAYS} days`
          : `${countOf(overview.alertsEndingSoon, 'service alert', 'service alerts')} ending in the next ${ALERTS_ENDING_SOON_DAYS} days, the first ${overview.alertEndingFirst.hash} at ${formatMoment(overview.alertEndingFirst.endsAt)}`,
      to:
        overview.alertEndingFirst === null
          ? '/content'
          : `/content/${overview.alertEndingFirst.countryCode}/${overview.alertEndingFirst.languageCode}/alerts`,
    },
  ];
  return items;
}
