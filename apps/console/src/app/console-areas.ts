import type { ConsoleArea } from '../lib/console-area';
import { giftsArea } from '../features/gifts/gifts-area';
import { ordersArea } from '../features/orders/orders-area';

/**
 * Every area of the console, in the navigation's order. Each feature folder
 * exports its area (`features/<area>/<area>-area.ts`); only this list puts
 * them together.
 */
export const consoleAreas: readonly ConsoleArea[] = [ordersArea, giftsArea];
