import type { FeatureScreens } from '../../shared/screens';

/**
 * The membership screens by page name, each its own lazy chunk; the page
 * registry takes this list into the first script. The login page is built
 * locally (spec 2 §7).
 */
export const membershipScreens = {
  registration: {
    load: () => import('./registration/registration-screen').then((m) => m.RegistrationScreen),
    fromServer: true,
  },
  'registration-success': {
    load: () =>
      import('./registration/registration-success-screen').then((m) => m.RegistrationSuccessScreen),
    fromServer: true,
  },
  'registration-email-confirm': {
    load: () => import('./registration/email-confirm-screen').then((m) => m.EmailConfirmScreen),
    fromServer: true,
  },
  reconfirm: {
    load: () => import('./guest-link/guest-link-screens').then((m) => m.ReconfirmScreen),
    fromServer: true,
  },
  login: {
    load: () => import('./login/login-screen').then((m) => m.LoginScreen),
    fromServer: false,
  },
  'retrieve-password': {
    load: () => import('./guest-link/guest-link-screens').then((m) => m.RetrievePasswordScreen),
    fromServer: true,
  },
  'retrieve-member-number': {
    load: () => import('./guest-link/guest-link-screens').then((m) => m.RetrieveMemberNumberScreen),
    fromServer: true,
  },
  'forgot-password': {
    load: () => import('./password/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
    fromServer: true,
  },
  'profile-update': {
    load: () => import('./profile/profile-update-screen').then((m) => m.ProfileUpdateScreen),
    fromServer: true,
  },
  'profile-delete': {
    load: () => import('./profile/profile-delete-screen').then((m) => m.ProfileDeleteScreen),
    fromServer: true,
  },
  'delete-confirm': {
    load: () => import('./profile/delete-confirm-screen').then((m) => m.DeleteConfirmScreen),
    fromServer: true,
  },
  restore: {
    load: () => import('./guest-link/guest-link-screens').then((m) => m.RestoreScreen),
    fromServer: true,
  },
  'restore-confirm': {
    load: () => import('./account/restore-confirm-screen').then((m) => m.RestoreConfirmScreen),
    fromServer: true,
  },
  'email-change-confirm': {
    load: () =>
      import('./account/email-change-confirm-screen').then((m) => m.EmailChangeConfirmScreen),
    fromServer: true,
  },
} satisfies FeatureScreens;
