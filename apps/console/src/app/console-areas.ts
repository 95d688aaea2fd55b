import type { ConsoleArea } from '../lib/console-area';
import { bookingsArea } from '../features/bookings/bookings-area';
import { officesArea } from '../features/offices/offices-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [officesArea, bookingsArea];
