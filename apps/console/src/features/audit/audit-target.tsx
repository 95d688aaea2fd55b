import { Link } from 'react-router';

/** The console screen of each kind of audit target whose target is its key. */
const screens: Record<string, (target: string) => string> = {
  member: (number) => `/members/${number}`,
  order: (id) => `/orders/${id}`,
  gift: (id) => `/gifts/${id}`,
  office: (officeId) => `/offices/${officeId}`,
  'booking-import': (id) => `/bookings/imports/${id}`,
};

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
