/*
 * How a member earns (spec 2 §1): the booking remark, what each segment kind
 * earns and how long credited points live. No runtime zod here: display
 * screens of the web app import this module.
 */

/** Segment kinds of a booking. */
export const segmentKinds = ['air', 'hotel', 'car', 'rail'] as const;
export type SegmentKind = (typeof segmentKinds)[number];

/** What an OK segment earns unless the server's setting says otherwise for a country (spec 2 §1, §9). */
export const defaultSegmentPoints: Readonly<Record<SegmentKind, number>> = {
  air: 5,
  hotel: 10,
  car: 10,
  rail: 10,
};

/** Credit points lapse this many years after the day they are credited (spec 2 §1, §9). */
export const creditLifetimeYears = 3;

/** The fixed part of the booking remark. */
export const remarkPrefix = 'RM*AMA';

/**
 * The remark an agent types into a booking to earn points with it: the prefix,
 * one space (mandatory), the member number. It always reads left to right.
 */
export function bookingRemark(memberNumber: string): string {
  return `${remarkPrefix} ${memberNumber}`;
}

/** Per-country changes of the points per segment (the server's `SEGMENT_POINTS_BY_COUNTRY`). */
export type SegmentPointsByCountry = Readonly<
  Record<string, Partial<Readonly<Record<SegmentKind, number>>>>
>;

/** What each segment kind earns in a country: the country's setting, else the default. */
export function countrySegmentPoints(
  byCountry: SegmentPointsByCountry,
  countryCode: string,
): Record<SegmentKind, number> {
  const own = byCountry[countryCode] ?? {};
  return {
    air: own.air ?? defaultSegmentPoints.air,
    hotel: own.hotel ?? defaultSegmentPoints.hotel,
    car: own.car ?? defaultSegmentPoints.car,
    rail: own.rail ?? defaultSegmentPoints.rail,
  };
}

/** A campaign running today, as the home's "how to earn" card names it (name in the page's language). */
export type RunningCampaign = {
  name: string;
  segmentTypes: SegmentKind[];
  multiplier: number | null;
  points: number | null;
  /** Its last day, or null when open-ended. */
  to: string | null;
};

/** The layout's `earning`: what each segment earns in the country, and how long points live. */
export type Earning = {
  segmentPoints: Record<SegmentKind, number>;
  creditLifetimeYears: number;
  /** Campaigns running today (earning rules), when there are any. */
  campaigns?: RunningCampaign[];
};

/** The country's earning rules as the layout answers them. */
export function earningOf(byCountry: SegmentPointsByCountry, countryCode: string): Earning {
  return { segmentPoints: countrySegmentPoints(byCountry, countryCode), creditLifetimeYears };
}
