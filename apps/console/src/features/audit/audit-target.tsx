import { Link } from 'react-router';

/** The console screen of each kind of audit target whose target is its key. */
const screens: Record<string, (target: string) => string> = {
  member: (number) => `/members/${number}`,
  order: (id) => `/orders/${id}`,
  gift: (id) => `/gifts/${id}`,
  office: (officeId) => `/offices/${officeId}`,
  'booking-import': (id) => `/bookings/imports/${id}`,
  claim: (id) => `/claims/${id}`,
  // A staff account's entries: its whole trail in the audit log (the Staff area has no page per account).
  staff: (email) => `/audit?targetType=staff&target=${email}`,
};

/** The kinds of target the log names, with the word the filter shows. */
export const auditTargetKinds: readonly (readonly [string, string])[] = [
  ['member', 'Member'],
  ['order', 'Order'],
  ['claim', 'Claim'],
  ['gift', 'Gift'],
  ['gift-category', 'Gift category'],
  ['gift-image', 'Gift image'],
  ['office', 'Office'],
  ['office-directory', 'Office directory'],
  ['booking-import', 'Bookings import'],
  ['content', 'Content'],
  ['country', 'Country'],
  ['staff', 'Staff account'],
];

/** An audit entry's target, a link to its screen when the console has one. */
export function AuditTarget({ targetType, target }: { targetType: string; target: string }) {
  const screen = screens[targetType];
  if (screen === undefined || target === '') {
    return (
      <>
        {targetType} {target}
      </>
    );
  }
  return (
    <Link to={screen(encodeURIComponent(target))}>
      {targetType} {target}
    </Link>
  );
}
