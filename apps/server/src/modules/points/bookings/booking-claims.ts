import type { Transaction } from '../../../db/client.js';

/**
 * What the claims module tells the booking import of missing-points claims
 * (points never imports claims; the claims module sits above it and
 * supplies this when it is registered, the import command when it starts).
 */

/** A member's claim on a PNR the import is about to store. */
export type ClaimOnPnr = {
  claimId: number;
  agentId: number;
  pnr: string;
  state: 'open' | 'approved';
};

export type BookingClaims = {
  /**
   * The open and approved claims on these PNRs, locked for the import's
   * transaction: a decision made meanwhile waits for it, and the import never
   * reads a claim a decision is about to change.
   */
  lockClaims(tx: Transaction, pnrs: readonly string[]): Promise<ClaimOnPnr[]>;
  /** The import stored these bookings for their claimants: their open claims close as `matched`. */
  matched(
    tx: Transaction,
    matches: readonly { claimId: number; bookingId: number }[],
    at: Date,
  ): Promise<void>;
};

const noClaims: BookingClaims = {
  lockClaims: () => Promise.resolve([]),
  matched: () => Promise.resolve(),
};

let supplied: BookingClaims = noClaims;

/** Called by the claims module when it is registered, and by the import command. */
export function supplyBookingClaims(claims: BookingClaims): void {
  supplied = claims;
}

/** The claims the import consults: none until the claims module supplies them. */
export function bookingClaims(): BookingClaims {
  return supplied;
}
