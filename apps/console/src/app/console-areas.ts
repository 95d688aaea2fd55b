import type { ConsoleArea } from '../lib/console-area';
import { membersArea } from '../features/members/members-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [membersArea];
