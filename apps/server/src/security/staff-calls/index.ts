import { auditCalls } from './audit-calls.js';
import { bookingsCalls } from './bookings-calls.js';
import { bulkCalls } from './bulk-calls.js';
import { claimsCalls } from './claims-calls.js';
import { contentCalls } from './content-calls.js';
import { earningRulesCalls } from './earning-rules-calls.js';
import { giftCategoriesCalls } from './gift-categories-calls.js';
import { giftsCalls } from './gifts-calls.js';
import { memberActionsCalls } from './member-actions-calls.js';
import { membersCalls } from './members-calls.js';
import { officesCalls } from './offices-calls.js';
import { ordersCalls } from './orders-calls.js';
import { overviewCalls } from './overview-calls.js';
import { reportsCalls } from './reports-calls.js';
import { sessionCalls } from './session-calls.js';
import { staffAdminCalls } from './staff-admin-calls.js';
import type { StaffCall } from './staff-call.js';

/** Every staff call of the matrix: each console area adds its list here. */
export const staffCalls: readonly StaffCall[] = [
  ...sessionCalls,
  ...auditCalls,
  ...bookingsCalls,
  ...bulkCalls,
  ...claimsCalls,
  ...contentCalls,
  ...earningRulesCalls,
  ...giftsCalls,
  ...giftCategoriesCalls,
  ...memberActionsCalls,
  ...membersCalls,
  ...officesCalls,
  ...ordersCalls,
  ...overviewCalls,
  ...reportsCalls,
  ...staffAdminCalls,
];

/** The staff calls made without a session (login, setup link): the bad-input suite sends them too. */
export { openStaffCalls } from './open-calls.js';
