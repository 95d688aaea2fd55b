import type { ConsoleArea } from '../lib/console-area';
import { auditArea } from '../features/audit/audit-area';
import { bookingsArea } from '../features/bookings/bookings-area';
import { claimsArea } from '../features/claims/claims-area';
import { contentArea } from '../features/content/content-area';
import { earningRulesArea } from '../features/earning-rules/earning-rules-area';
import { giftsArea } from '../features/gifts/gifts-area';
import { membersArea } from '../features/members/members-area';
import { officesArea } from '../features/offices/offices-area';
import { ordersArea } from '../features/orders/orders-area';
import { reportsArea } from '../features/reports/reports-area';
import { staffAccountsArea } from '../features/staff-accounts/staff-accounts-area';
import { termsArea } from '../features/terms/terms-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [
  membersArea,
  ordersArea,
  claimsArea,
  earningRulesArea,
  giftsArea,
  contentArea,
  officesArea,
  bookingsArea,
  reportsArea,
  termsArea,
  auditArea,
  staffAccountsArea,
];
