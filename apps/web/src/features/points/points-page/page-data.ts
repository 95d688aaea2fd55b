import type { Page } from '@club/contract/page';
import type { PointsPage } from '@club/contract/points';

/** The points page answer with every list and total present (empty when the answer lacks it). */
export function pointsPageData(page: Page): PointsPage {
  const data = page as Page & Partial<PointsPage>;
  return {
    ...page,
    points: data.points ?? [],
    totlegsOK: data.totlegsOK ?? 0,
    totpoints: data.totpoints ?? 0,
    addArray: data.addArray ?? [],
    summAdd: data.summAdd ?? 0,
    useArray: data.useArray ?? [],
    summUse: data.summUse ?? 0,
    orders: data.orders ?? [],
    expired: data.expired ?? 0,
    refresh: data.refresh ?? 0,
    details: data.details ?? '',
    noneDet: data.noneDet ?? false,
    queued: data.queued ?? [],
    truncated: data.truncated ?? false,
    validationMessages: data.validationMessages,
  };
}
