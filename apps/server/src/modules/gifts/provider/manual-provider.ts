import type {
  CancelResult,
  PlaceResult,
  ProviderOrder,
  StatusResult,
  VoucherProvider,
} from './voucher-provider.js';

/**
 * Manual fulfilment: programme staff send the vouchers themselves. Every
 * order is accepted at once as `manual-{id}` and stays `submitted` until
 * staff mark it sent with `npm run orders:fulfil -- ORDER_ID`; the status
 * check therefore always answers pending.
 */
export class ManualVoucherProvider implements VoucherProvider {
  readonly name = 'manual' as const;
  readonly hasOrderStatus = false;

  isAvailable(): Promise<boolean> {
    return Promise.resolve(true);
  }

  placeOrder(order: ProviderOrder): Promise<PlaceResult> {
    return Promise.resolve({ outcome: 'accepted', ref: `manual-${order.id}` });
  }

  orderStatus(_ref: string): Promise<StatusResult> {
    return Promise.resolve({ state: 'pending' });
  }

  /** Staff work from the club's own list of submitted orders: an order never placed is nothing to them. */
  cancelOrder(_orderId: number): Promise<CancelResult> {
    return Promise.resolve({ outcome: 'cancelled' });
  }
}
