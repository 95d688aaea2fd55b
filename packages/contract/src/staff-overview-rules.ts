/**
 * The Overview's values that need no schema, kept apart from the schemas of
 * staff-overview.ts so that the console's first screen (the Overview) loads
 * without the schema library.
 */

/** An alert ends soon when its end comes within this many days: staff extend it or let it go. */
export const ALERTS_ENDING_SOON_DAYS = 3;
