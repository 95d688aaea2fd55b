import type { StaffRole } from '@club/contract/staff';
import type { WrittenMail } from '../mail/outbox.js';

/** The outbox's template name of the mail, for the log and tests. */
export const staffSetupMailTemplate = 'staff-setup';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

const roleWords: Record<StaffRole, string> = {
  admin: 'an admin (every country)',
  manager: 'a manager',
  support: 'support',
};

const moments = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "30 Nov 2026, 18:00 UTC": the console's way to write a moment. */
const untilText = (expiresAt: string) => `${moments.format(new Date(expiresAt))} UTC`;

/**
 * The mail that brings a new staff member their setup link, in English (the
 * console's language): what the account may do, the link (single use) and
 * until when it works. The admin sees the same link once in the console.
 */
export function staffSetupMail(account: {
  email: string;
  role: StaffRole;
  countries: string[];
  setupLink: string;
  expiresAt: string;
}): WrittenMail {
  const access =
    account.role === 'admin'
      ? roleWords.admin
      : `${roleWords[account.role]} for ${account.countries.map((code) => code.toUpperCase()).join(', ')}`;
  const until = untilText(account.expiresAt);
  const subject = 'Your staff console account: set your password and code';
  const text = [
    'Hello,',
    '',
    `A staff console account was made for you as ${access}.`,
    'Open this link to choose your password and set up the code app on your phone:',
    '',
    account.setupLink,
    '',
    `The link works once, until ${until}. If it has expired, ask an admin for a new one.`,
    'If you did not expect this mail, tell an admin of the club and do not open the link.',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>A staff console account was made for you as ${escapeHtml(access)}.</p>`,
    '<p>Open this link to choose your password and set up the code app on your phone:</p>',
    `<p><a href="${escapeHtml(account.setupLink)}">Set up your account</a></p>`,
    `<p>The link works once, until ${escapeHtml(until)}. If it has expired, ask an admin for a new one.</p>`,
    '<p>If you did not expect this mail, tell an admin of the club and do not open the link.</p>',
  ].join('\n');
  return { to: account.email, template: staffSetupMailTemplate, subject, text, html };
}
