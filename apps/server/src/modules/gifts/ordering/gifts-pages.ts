import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  chosenQuantities,
  GiftsPageSchema,
  RedeemPageSchema,
  RedeemResultSchema,
  RedeemFormSchema,
  type GiftsPage,
  type RedeemForm,
  type RedeemPage,
  type RedeemResult,
} from '@club/contract/gifts';
import { wordMessage } from '@club/contract/message-catalogue';
import type { App } from '../../../app-types.js';
import type { SessionMember } from '../../agents/members.js';
import type { PageContext } from '../../content/page-registry.js';
import { dayOf } from '../../points/calendar-days.js';
import { statusReport } from '../../points/status-report.js';
import { availableGifts, categoriesOf } from '../catalogue/catalogue.js';
import { orderGate, type OrderGateInput } from './order-gate.js';
import { parseListGifts, placeOrder } from './place-order.js';
import { orderingWindowOfColumn } from './ordering-rules.js';
import { giftOrdering } from '../schema.js';
import { ownTaxDetails } from '../tax-details/tax-details.js';

/** A fresh order key for a redeem form: 24 random bytes, 32 url-safe characters. */
export const newOrderKey = () => randomBytes(24).toString('base64url');

/**
 * The gift list (`gifts`) and redeem points (`redeem-points`) with its order
 * form (spec 2 §2.4, §3 "Gifts page", "Redeem form", §4 "Redeem flow").
 * The catalogue is the member's country's, in the page's language.
 */
export function registerGiftsPages(app: App, options: { now: () => number }): void {
  const { db } = app;
  const { now } = options;

  /** The order gate's inputs besides the member and the day (whatever country the page is of). */
  const gateOf = (): Omit<OrderGateInput, 'member' | 'today'> => ({
    orderPartnerOff: app.orderPartner.isOff(),
    gifts: app.config.gifts,
  });

  /** The country's ordering window today (closed by its switch or dates, and when it reopens), as home says it. */
  async function orderingWindowOf(countryCode: string) {
    const [row] = await db
      .select()
      .from(giftOrdering)
      .where(eq(giftOrdering.countryCode, countryCode));
    return orderingWindowOfColumn(row ?? null, dayOf(now()));
  }

  /** What both pages show besides the gifts: points and the order gate (ordering state, maintenance, partner URL). */
  async function common(member: SessionMember) {
    const today = dayOf(now());
    const gateInput = gateOf();
    const [report, gate] = await Promise.all([
      statusReport(db, member.id, today, gateInput.orderPartnerOff),
      orderGate(db, { ...gateInput, member, today }),
    ]);
    return {
      Refresh: report.available,
      taxOK: gate.taxOK,
      order_disabled: gate.orderDisabled,
      disabled: gate.orderPartnerOff,
      partnerUrl: gate.partnerUrl,
    };
  }

  async function storedPage(context: PageContext, title: string) {
    const stored = await context.content.page();
    return {
      title: stored?.title ?? title,
      text: stored?.text ?? '',
      postText: stored?.postText ?? '',
    };
  }

  /** A redeem answer that places no order: what the form shows, with the member's points. */
  async function refused(
    context: PageContext,
    fields: Partial<RedeemResult>,
  ): Promise<RedeemResult> {
    const member = context.request.agent!;
    const { orderPartnerOff } = gateOf();
    return {
      ordered: false,
      orderId: null,
      Refresh: (await statusReport(db, member.id, dayOf(now()), orderPartnerOff)).available,
      noOrder: false,
      noneDet: false,
      order_disabled: false,
      disabled: false,
      partnerUrl: null,
      errorText: '',
      ...fields,
    };
  }

  app.pageRegistry.register<GiftsPage, unknown, unknown>({
    name: 'gifts',
    memberOnly: true,
    words: ['gifts', 'taxDetails'],
    schema: GiftsPageSchema,
    load: async (context) => {
      const member = context.request.agent!;
      const at = { countryCode: member.countryCode, languageCode: context.languageCode };
      const categories = await categoriesOf(db, at);
      const asked = context.params.category ?? '';
      const category = categories.some((known) => known.id === asked) ? asked : '';
      const [page, shared, list, notice, taxDetails, window] = await Promise.all([
        storedPage(context, 'Gifts'),
        common(member),
        availableGifts(db, at, category === '' ? {} : { category }),
        context.content.text('giftsTaxNotice'),
        ownTaxDetails(db, member),
        orderingWindowOf(member.countryCode),
      ]);
      return {
        ...page,
        Gifts: list.map(({ remaining: _remaining, ...gift }) => gift),
        categories,
        category,
        order_disabled: shared.order_disabled,
        disabled: shared.disabled,
        taxOK: shared.taxOK,
        registrationInfo: notice ?? '',
        Refresh: shared.Refresh,
        FirstUsername: member.firstName,
        partnerUrl: shared.partnerUrl,
        taxDetails,
        orderingReopensOn: window.reopensOn,
      };
    },
  });

  app.pageRegistry.register<RedeemPage, RedeemForm, RedeemResult>({
    name: 'redeem-points',
    memberOnly: true,
    words: ['redeem'],
    schema: RedeemPageSchema,
    load: async (context) => {
      const member = context.request.agent!;
      const at = { countryCode: member.countryCode, languageCode: context.languageCode };
      const chosen = chosenQuantities(context.params);
      const [page, shared, found] = await Promise.all([
        storedPage(context, 'Redeem points'),
        common(member),
        availableGifts(db, at, { ids: chosen.map((choice) => choice.id) }),
      ]);
      const listgifts = found.map(({ remaining, ...gift }) => {
        const asked = chosen.find((choice) => choice.id === gift.id)?.quantity ?? 0;
        return { gift, quantity: remaining === null ? asked : Math.min(asked, remaining) };
      });
      const total = listgifts.reduce((sum, line) => sum + line.gift.points * line.quantity, 0);
      return {
        ...page,
        listgifts,
        total,
        noOrder: listgifts.length === 0,
        noneDet: total > shared.Refresh,
        order_disabled: shared.order_disabled,
        disabled: shared.disabled,
        Refresh: shared.Refresh,
        giftDeliveryAddress: member.giftDeliveryAddress,
        delivery_option: '',
        orderKey: newOrderKey(),
        partnerUrl: shared.partnerUrl,
      };
    },
    submit: {
      body: RedeemFormSchema,
      response: RedeemResultSchema,
      // The messages, with the points the screen shows beside them.
      invalid: ({ validationMessages, ...context }) => refused(context, { validationMessages }),
      handle: async (context) => {
        const { body: form, request } = context;
        const member = request.agent!;
        const today = dayOf(now());
        const gate = gateOf();
        const outcome = await placeOrder(db, {
          member,
          orderKey: form.orderKey,
          lines: parseListGifts(form.listgifts),
          delivery: form.delivery,
          deliveryAddress: form.giftDeliveryAddress,
          provider: app.config.gifts.provider,
          today,
          now: new Date(now()),
          gate,
        });
        switch (outcome.kind) {
          case 'ordered':
            if (outcome.repeated !== true) {
              request.log.info(
                { event: 'order.placed', orderId: outcome.orderId, memberId: member.id },
                'gift order placed',
              );
            }
            return {
              ordered: true,
              orderId: outcome.orderId,
              Refresh: outcome.available,
              noOrder: false,
              noneDet: false,
              order_disabled: false,
              disabled: false,
              partnerUrl: null,
              errorText: '',
            };
          case 'partner':
            return refused(context, { partnerUrl: outcome.partnerUrl });
          case 'maintenance':
            return refused(context, { disabled: true });
          case 'disabled':
            return refused(context, { order_disabled: true });
          case 'none':
            return refused(context, { noOrder: true });
          case 'notEnoughPoints':
            return refused(context, { noneDet: true });
          case 'refused':
            // Worded in the page's language, like the page's other words.
            return refused(context, {
              errorText: wordMessage(outcome.reason, await context.content.dictionary()),
            });
        }
      },
    },
  });
}
