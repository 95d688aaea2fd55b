/**
 * The console's member rules that need no schema: the search's cap and page
 * size, the adjustment reason's length, and how a segment's state is worded.
 * Kept apart from the schemas of staff-members.ts so that the member view and
 * the search, which only show what the answer holds, load without the schema
 * library; the schemas import these values from here.
 */

/** Search counts matches up to this many; past it the console says "1,000+" and asks for more letters. */
export const MEMBER_SEARCH_CAP = 1000;
export const MEMBER_SEARCH_PAGE_SIZE = 20;

/** The longest reason of a point adjustment (the member reads it). */
export const ADJUSTMENT_REASON_MAX = 500;

/** The longest reason of a member action (kept in the audit log). */
export const MEMBER_ACTION_REASON_MAX = 500;

/** How the console and its CSV files name a member's state (one set of words). */
export const memberStateWords = {
  pending: 'Pending (email not confirmed)',
  active: 'Active',
  deletion_requested: 'Deletion requested',
  deleted: 'Deleted (restorable)',
} as const;

/** How the console words a segment's state (the booking reasons have their text in booking-reasons.ts). */
export const segmentStateTexts = {
  'segment-cancelled': 'The segment was cancelled in the booking (or is gone from it).',
  'segment-pending':
    'Not flown or used yet: it earns its points once its last day has passed or the booking says it was used.',
  'credited-to-another-member':
    "The booking's remark now names another member, who was credited instead.",
  'no-points-for-kind': "The country's programme gives no points for this kind of segment.",
} as const satisfies Record<string, string>;
