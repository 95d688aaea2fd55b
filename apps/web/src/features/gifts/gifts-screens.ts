import type { GiftsPageName, PageScreen } from '../../app/page-registry';

/**
 * The gifts screens by page name, each its own lazy chunk (listed with the
 * points screens in features/points/points-screens.ts).
 */
export const giftsScreens: Record<GiftsPageName, () => Promise<PageScreen>> = {
  gifts: () => import('./gift-list/gifts-screen').then((m) => m.GiftsScreen),
  'redeem-points': () => import('./redeem/redeem-screen').then((m) => m.RedeemScreen),
};
