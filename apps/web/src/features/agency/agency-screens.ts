import type { AgencyPageName, PageScreen } from '../../app/page-registry';

/**
 * The agency screens by page name, each its own lazy chunk (listed with the
 * points screens in features/points/points-screens.ts).
 */
export const agencyScreens: Record<AgencyPageName, () => Promise<PageScreen>> = {
  'agency-opt-in': () => import('./agency-form-screen').then((m) => m.AgencyOptInScreen),
  'agency-opt-out': () => import('./agency-form-screen').then((m) => m.AgencyOptOutScreen),
  'agency-successfully-opt-in': () =>
    import('./agency-success-screens').then((m) => m.AgencySuccessfullyOptInScreen),
  'agency-successfully-opt-out': () =>
    import('./agency-success-screens').then((m) => m.AgencySuccessfullyOptOutScreen),
};
