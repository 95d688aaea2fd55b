import type { ConsoleArea } from '../lib/console-area';
import { reportsArea } from '../features/reports/reports-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [reportsArea];
