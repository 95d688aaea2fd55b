import type { FeatureScreens } from '../../shared/screens';

/** The gifts screens by page name, each its own lazy chunk. */
export const giftsScreens = {
  gifts: {
    load: () => import('./gift-list/gifts-screen').then((m) => m.GiftsScreen),
    fromServer: true,
  },
  'redeem-points': {
    load: () => import('./redeem/redeem-screen').then((m) => m.RedeemScreen),
    fromServer: true,
  },
} satisfies FeatureScreens;
