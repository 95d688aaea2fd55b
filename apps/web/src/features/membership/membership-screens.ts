import type { MembershipPageName, PageScreen } from '../../app/page-registry';

/**
 * The membership screens by page name, each its own lazy chunk; the page
 * registry takes this list into the first script.
 */
export const membershipScreens: Record<MembershipPageName, () => Promise<PageScreen>> = {
  login: () => import('./login/login-screen').then((m) => m.LoginScreen),
  registration: () =>
    import('./registration/registration-screen').then((m) => m.RegistrationScreen),
  'registration-success': () =>
    import('./registration/registration-success-screen').then((m) => m.RegistrationSuccessScreen),
  'registration-email-confirm': () =>
    import('./registration/email-confirm-screen').then((m) => m.EmailConfirmScreen),
  reconfirm: () => import('./guest-link/guest-link-screens').then((m) => m.ReconfirmScreen),
  'retrieve-password': () =>
    import('./guest-link/guest-link-screens').then((m) => m.RetrievePasswordScreen),
  'forgot-password': () =>
    import('./password/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
  'profile-update': () =>
    import('./profile/profile-update-screen').then((m) => m.ProfileUpdateScreen),
  'profile-delete': () =>
    import('./profile/profile-delete-screen').then((m) => m.ProfileDeleteScreen),
  'delete-confirm': () =>
    import('./profile/delete-confirm-screen').then((m) => m.DeleteConfirmScreen),
  restore: () => import('./guest-link/guest-link-screens').then((m) => m.RestoreScreen),
  'restore-confirm': () =>
    import('./account/restore-confirm-screen').then((m) => m.RestoreConfirmScreen),
  'email-change-confirm': () =>
    import('./account/email-change-confirm-screen').then((m) => m.EmailChangeConfirmScreen),
};
