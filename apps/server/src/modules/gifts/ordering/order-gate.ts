import type { Config } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { readColumns, type ColumnRead } from '../../../db/columns.js';
import { orderingStateColumn } from './ordering-rules.js';
import { partnerProgrammeUrl } from './partner-programme.js';

/**
 * "May this member order now": the one rule behind the gifts and
 * redeem-points pages and the order call, so that the order call never
 * accepts what the pages would not offer. Its partner-off input is the one
 * the status report shows as `edenredIsOff` (`app.orderPartner.isOff()`), so
 * the member home's maintenance state agrees with both.
 */
export type OrderGate = {
  /**
   * The voucher order partner is off (`ORDER_PARTNER_OFF` or the provider
   * check): the maintenance state, the pages' `disabled`, `edenredIsOff`.
   */
  orderPartnerOff: boolean;
  /** A partner-programme user (spec 2 §6) is sent to this URL instead of ordering. */
  partnerUrl: string | null;
  /** The member's tax information is verified (spec 2 §3 taxOK). */
  taxOK: boolean;
  /** Spec 2 §4 "Ordering disabled": the country's switch, tax information or the ordering dates. */
  orderDisabled: boolean;
};

/** Why the member may not order now, the page's own state first; null when they may. */
export type OrderBlock = 'partner' | 'maintenance' | 'disabled' | null;

/**
 * Every rule is the member's own country's (partner programme, ordering
 * switch and dates, tax): never the page's, which the client chooses.
 */
export type OrderGateInput = {
  member: { id: number; number: string; countryCode: string };
  today: string;
  /** `app.orderPartner.isOff()`: the configuration switch or the provider's last answer. */
  orderPartnerOff: boolean;
  gifts: Pick<Config['gifts'], 'partnerProgrammeUrl' | 'partnerProgrammeNumbers'>;
};

/** The gate for one member now; `db` may be the order's transaction. */
export async function orderGate(db: Database, input: OrderGateInput): Promise<OrderGate> {
  return (await readColumns(db, { gate: orderGateColumn(input) })).gate;
}

/** `orderGate` as a column of another statement: a gift order reads it with its other reads. */
export function orderGateColumn(input: OrderGateInput): ColumnRead<OrderGate> {
  const state = orderingStateColumn(input.member, input.today);
  return {
    sql: state.sql,
    decode: (value) => {
      const { taxOK, orderDisabled } = state.decode(value);
      return {
        orderPartnerOff: input.orderPartnerOff,
        partnerUrl: partnerProgrammeUrl(input.gifts, input.member),
        taxOK,
        orderDisabled,
      };
    },
  };
}

/**
 * The first reason the gate is closed: a partner-programme user is redirected
 * before anything else shows, maintenance comes before the ordering rules.
 */
export function orderBlock(gate: OrderGate): OrderBlock {
  if (gate.partnerUrl !== null) return 'partner';
  if (gate.orderPartnerOff) return 'maintenance';
  if (gate.orderDisabled) return 'disabled';
  return null;
}
