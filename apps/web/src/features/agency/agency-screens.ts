import type { FeatureScreens } from '../../shared/screens';

/**
 * The agency screens by page name, each its own lazy chunk; the success pages
 * are built locally (spec 2 §7).
 */
export const agencyScreens = {
  'agency-opt-in': {
    load: () => import('./agency-form-screen').then((m) => m.AgencyOptInScreen),
    fromServer: true,
  },
  'agency-opt-out': {
    load: () => import('./agency-form-screen').then((m) => m.AgencyOptOutScreen),
    fromServer: true,
  },
  'agency-successfully-opt-in': {
    load: () => import('./agency-success-screens').then((m) => m.AgencySuccessfullyOptInScreen),
    fromServer: false,
  },
  'agency-successfully-opt-out': {
    load: () => import('./agency-success-screens').then((m) => m.AgencySuccessfullyOptOutScreen),
    fromServer: false,
  },
} satisfies FeatureScreens;
