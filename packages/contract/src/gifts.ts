import { z } from 'zod';
import { PageSchema } from './page.js';
import { messages, storable } from './validation-rules.js';
import { deliveryOptions, giftMessages } from './gift-rules.js';
import { TaxDetailsSchema } from './tax-details.js';

export * from './gift-rules.js';

/**
 * Gifts: the catalogue, the gift list, redeem points and orders (spec 2 §2.4,
 * §3 "Gift", "Gifts page", "Redeem form", §4 "Redeem flow", §5, §8, §9).
 */

export const GiftSchema = z.object({
  id: z.number().int(),
  /** Image URL, or '' for the default icon. */
  img: z.string(),
  /**
   * The image's alt text in the page's language, when staff gave one ('' for
   * an image that only decorates); absent, the image counts as decorative.
   */
  imgAlt: z.string().optional(),
  /** The gift's name. */
  description: z.string(),
  /** HTML: more about the gift. */
  text: z.string(),
  points: z.number().int(),
  /** The partner's page about the gift, or ''. */
  link: z.string(),
  /** Category id. */
  category: z.string(),
  /** Items left; 0 means not counted (no cap). */
  stock: z.number().int(),
});
export type Gift = z.infer<typeof GiftSchema>;

export const GiftCategorySchema = z.object({ id: z.string(), name: z.string() });

/** `GET /s2c/content/v1/pages/gifts/?category=` (member only). */
export const GiftsPageSchema = PageSchema.extend({
  Gifts: z.array(GiftSchema),
  categories: z.array(GiftCategorySchema),
  /** The chosen category id, '' for all. */
  category: z.string(),
  /** Ordering is off: tax information missing, outside the ordering dates, or switched off. */
  order_disabled: z.boolean(),
  /** The voucher partner is off (edenredIsOff). */
  disabled: z.boolean(),
  /** The member's tax information is verified (spec 2 §3 taxOK). */
  taxOK: z.boolean(),
  /** HTML: the tax notice (content text `giftsTaxNotice`; '' lets the screen show its default). */
  registrationInfo: z.string(),
  /** Available points. */
  Refresh: z.number().int(),
  FirstUsername: z.string(),
  /** Partner-programme users go to this URL instead (spec 2 §6); null for everyone else. */
  partnerUrl: z.string().nullable(),
  /** Not the spec's: the member's tax details and where they stand, for the form beside the tax notice. */
  taxDetails: TaxDetailsSchema.optional(),
  /** Not the spec's: the day ordering reopens while the country's switch or dates close it, as on home. */
  orderingReopensOn: z.string().nullable().optional(),
});
export type GiftsPage = z.infer<typeof GiftsPageSchema>;

export const ChosenGiftSchema = z.object({ gift: GiftSchema, quantity: z.number().int() });
export type ChosenGift = z.infer<typeof ChosenGiftSchema>;

/**
 * `GET /s2c/content/v1/pages/redeem-points/?sel_gifts[12]=2&sel_gifts[15]=1`
 * (member only): the chosen gifts and the order form's starting values.
 */
export const RedeemPageSchema = PageSchema.extend({
  listgifts: z.array(ChosenGiftSchema),
  /** Sum of points × quantity. */
  total: z.number().int(),
  /** No gift chosen: "Please select at least one gift." with a Back link. */
  noOrder: z.boolean(),
  /** Not enough points for the chosen gifts. */
  noneDet: z.boolean(),
  order_disabled: z.boolean(),
  disabled: z.boolean(),
  Refresh: z.number().int(),
  /** The member's gift delivery address, to start the form with. */
  giftDeliveryAddress: z.string(),
  /** '': nothing chosen; the member chooses where the gifts go (the spec's default self is not preselected). */
  delivery_option: z.union([z.enum(deliveryOptions), z.literal('')]),
  /** A fresh key for this order form: submits carrying the same key place one order. */
  orderKey: z.string(),
  partnerUrl: z.string().nullable(),
});
export type RedeemPage = z.infer<typeof RedeemPageSchema>;

/**
 * The redeem form (spec 2 §3): `listgifts` as `id:quantity` pairs separated by
 * commas, delivery send or self (required: the spec's default self is not
 * assumed, so a gift never goes somewhere the member did not choose), the
 * delivery address (max 255, needed to send), and the form's order key.
 */
export const RedeemFormSchema = z
  .object({
    listgifts: z
      .string()
      .max(400, messages.maxLength)
      .regex(/^(?:\d{1,9}:\d{1,2}(?:,\d{1,9}:\d{1,2})*)?$/, giftMessages.noGiftSelected),
    delivery: z.enum(deliveryOptions, { error: giftMessages.deliveryRequired }),
    giftDeliveryAddress: z
      .string()
      .trim()
      .max(255, giftMessages.addressTooLong)
      .refine(storable, messages.pattern)
      .default(''),
    orderKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, giftMessages.reloadPage),
  })
  .refine((form) => form.delivery === 'self' || form.giftDeliveryAddress !== '', {
    message: giftMessages.addressRequired,
    path: ['giftDeliveryAddress'],
  });
export type RedeemForm = z.infer<typeof RedeemFormSchema>;

/** The answer of the redeem form's submit (`POST …/pages/redeem-points/`). */
export const RedeemResultSchema = z.object({
  /** The order is placed: the thank-you and the remaining points. */
  ordered: z.boolean(),
  orderId: z.number().int().nullable(),
  Refresh: z.number().int(),
  noOrder: z.boolean(),
  noneDet: z.boolean(),
  order_disabled: z.boolean(),
  /** Refused: the voucher partner is off (the pages' `disabled`, the maintenance state). */
  disabled: z.boolean(),
  /** Refused: a partner-programme user, to be sent to this URL (the pages' `partnerUrl`). */
  partnerUrl: z.string().nullable(),
  /** Any other refusal (a gift sold out or withdrawn…), shown as an error text. */
  errorText: z.string(),
  validationMessages: z.record(z.string(), z.array(z.string())).optional(),
});
export type RedeemResult = z.infer<typeof RedeemResultSchema>;
