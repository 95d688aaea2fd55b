/**
 * Why a booking earned nothing, and the English texts of the reasons. Kept
 * apart from the schemas of points.ts so that screens which only show a
 * reason (the console's member view) load without the schema library.
 */

/**
 * Why a booking earned nothing. `accepted` bookings whose segments are all
 * pending have no reason: their points come once flown or used.
 */
export const bookingReasons = [
  'no-remark',
  'remark-without-space',
  'malformed-remark',
  'unknown-member',
  'inactive-member',
  'unknown-office',
  'office-other-country',
  'inactive-office',
  'no-segments',
  'all-segments-cancelled',
] as const;
export type BookingReason = (typeof bookingReasons)[number];

/** English texts of the reasons; the dictionary key is `pointsReason.{reason}`. */
export const bookingReasonTexts: Readonly<Record<BookingReason, string>> = {
  'no-remark': 'The booking has no remark RM*AMA with your member number.',
  'remark-without-space':
    'The remark has no space between RM*AMA and the member number (write RM*AMA 1234567).',
  'malformed-remark':
    'The remark is not of the form RM*AMA followed by one space and the member number.',
  'unknown-member': 'The remark names a member number that does not exist.',
  'inactive-member': 'The member account was not active when the booking arrived.',
  'unknown-office': 'The booking was made in an office ID the club does not know.',
  'office-other-country': 'The booking was made in an office ID of another country.',
  'inactive-office': 'The agency of this office ID does not take part in the club.',
  'no-segments': 'The booking has no segments.',
  'all-segments-cancelled': 'All segments of the booking were cancelled.',
};
