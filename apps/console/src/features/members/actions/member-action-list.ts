import type { MemberActionState } from '@club/contract/staff-member-actions';

/** One action of the member view: its button, its confirmation, when it applies. */
export type MemberAction = {
  key: string;
  /** The button's text. */
  label: string;
  /** What the confirmation dialog says will happen. */
  explanation: string;
  /** The call under `/s2c/staff/v1/members/{number}/`; absent for the export (a download). */
  path?: string;
  /** Values sent besides the reason. */
  values?: Record<string, string>;
  reasonRequired: boolean;
  danger?: true;
  /** Said in the live region once done. */
  done: string;
  applies(state: MemberActionState): boolean;
};

const notDeleted = (state: MemberActionState) => state.status !== 'deleted';

/** Every action, in the order the member view shows them; each shown only where it applies. */
export const memberActions: readonly MemberAction[] = [
  {
    key: 'confirmation-mail',
    label: 'Resend confirmation mail',
    explanation:
      'The member gets a new link to confirm their email address. Not again within the resend quiet time.',
    path: 'confirmation-mail',
    reasonRequired: false,
    done: 'Confirmation mail sent.',
    applies: (state) => state.status === 'pending',
  },
  {
    key: 'login-unlock',
    label: 'Unlock login',
    explanation:
      'The failed logins counted against the member number are cleared: they can log in at once.',
    path: 'login-unlock',
    reasonRequired: false,
    done: 'Login unlocked.',
    applies: (state) => state.loginFailures > 0 || state.loginBlockedUntil !== null,
  },
  {
    key: 'end-sessions',
    label: 'End sessions',
    explanation: 'The member is logged out on every device.',
    path: 'end-sessions',
    reasonRequired: false,
    done: 'Sessions ended.',
    applies: (state) => state.openSessions > 0,
  },
  {
    key: 'mark-direct-access',
    label: 'Mark as direct-access user',
    explanation: 'The member is shown only the direct-access overlay on the club’s site.',
    path: 'direct-access',
    values: { isAmadeusDirectUser: 'true' },
    reasonRequired: true,
    done: 'Marked as a direct-access user.',
    applies: (state) => notDeleted(state) && !state.isAmadeusDirectUser,
  },
  {
    key: 'unmark-direct-access',
    label: 'Unmark direct-access user',
    explanation: 'The member uses the club’s site again.',
    path: 'direct-access',
    values: { isAmadeusDirectUser: 'false' },
    reasonRequired: true,
    done: 'No longer a direct-access user.',
    applies: (state) => notDeleted(state) && state.isAmadeusDirectUser,
  },
  {
    key: 'require-terms',
    label: 'Require terms again',
    explanation: 'The member must accept the terms and conditions again on their next page.',
    path: 'require-terms',
    reasonRequired: true,
    done: 'The member will be asked to accept the terms again.',
    applies: (state) => notDeleted(state) && state.acceptedTermsVersion !== null,
  },
  {
    key: 'delete',
    label: 'Delete account',
    explanation:
      'The account is deleted as if the member had confirmed it: logged out, kept restorable for the country’s link lifetime, then purged.',
    path: 'delete',
    reasonRequired: true,
    danger: true,
    done: 'Account deleted.',
    applies: notDeleted,
  },
  {
    key: 'restore',
    label: 'Restore account',
    explanation: 'The account becomes active again and the member is told by mail.',
    path: 'restore',
    reasonRequired: true,
    done: 'Account restored.',
    applies: (state) => state.status === 'deleted',
  },
  {
    key: 'export',
    label: 'Export data (JSON)',
    explanation:
      'Downloads everything the club keeps about the member, for an access request. The export is recorded in the audit log.',
    reasonRequired: false,
    done: 'Export downloaded.',
    applies: () => true,
  },
];
