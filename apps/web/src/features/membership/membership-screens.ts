import type { MembershipPageName, PageScreen } from '../../app/page-registry';

/**
 * The membership screens by page name, each its own lazy chunk (the page
 * registry reaches them through this small index).
 */
export const membershipScreens: Record<MembershipPageName, () => Promise<PageScreen>> = {
  login: () => import('./login/login-screen').then((m) => m.LoginScreen),
};
