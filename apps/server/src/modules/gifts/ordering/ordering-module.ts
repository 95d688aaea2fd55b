import type { App } from '../../../app.js';

/** The catalogue pages, placing orders and the partner checks (to be built). */
export async function setupOrdering(_app: App, _options: { now: () => number }): Promise<void> {}
