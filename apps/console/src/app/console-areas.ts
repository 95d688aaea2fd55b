import type { ConsoleArea } from '../lib/console-area';
import { termsArea } from '../features/terms/terms-area';
import { auditArea } from '../features/audit/audit-area';
import { staffAccountsArea } from '../features/staff-accounts/staff-accounts-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [termsArea, staffAccountsArea, auditArea];
