import type { ReactNode } from 'react';
import type { Staff } from '@club/contract/staff';
import { StaffSessionContext } from '../lib/staff-session';

/** Renders its children as this staff member, without a login or a session check. */
export function SignedInAs({ staff, children }: { staff: Staff; children: ReactNode }) {
  const value = {
    state: { kind: 'signed-in' as const, staff },
    signedIn: () => undefined,
    logOut: () => Promise.resolve(),
  };
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}
