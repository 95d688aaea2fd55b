import { z } from 'zod';
import { StaffDaySchema, staffText } from './staff-fields.js';
import { StaffReasonSchema } from './staff-orders.js';

/**
 * The staff console's gift calls (`/s2c/staff/v1/gifts…`): the catalogue of
 * a country with every language's words, creating and editing gifts, stock
 * changes with a reason, images, the ordering windows and members' tax flag.
 */

const CountryParamSchema = z.string().regex(/^[a-z]{2}$/, 'A two-letter country code');

/** `GET /s2c/staff/v1/gifts?country=`. */
export const GiftCatalogueQuerySchema = z.object({ country: CountryParamSchema });

export const GiftTextSchema = z.object({
  /** The gift's name (plain text). */
  description: staffText().trim().min(1, 'Enter a name').max(200, 'At most 200 characters'),
  /** More about it (HTML, as in the gift files). */
  text: staffText().max(5_000, 'At most 5000 characters').default(''),
  /**
   * The gift image's alt text in this language: what the image shows that
   * the name and text do not say; '' for an image that only decorates.
   */
  imageAlt: staffText().trim().max(300, 'At most 300 characters').default(''),
});
export type GiftText = z.infer<typeof GiftTextSchema>;

/** An image: '' (the default icon), a file under /media/gifts/, or an uploaded one. */
export const GiftImageSchema = z
  .string()
  .max(200)
  .regex(
    /^(|\/media\/gifts\/[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)|\/media\/gift-images\/\d{1,9})$/,
    'An image under /media/gifts/ or an uploaded one',
  );

/** What staff edit of a gift (`PUT …/gifts/{id}`, and with its country and stock `POST …/gifts`). */
export const GiftEditSchema = z.object({
  category: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Choose a category'),
  points: z.coerce
    .number({ message: 'Points are a whole number' })
    .int('Points are a whole number')
    .min(1, 'At least 1 point')
    .max(10_000_000, 'At most 10,000,000 points'),
  active: z.coerce.boolean().default(true),
  image: GiftImageSchema.default(''),
  link: z
    .union([
      z.literal(''),
      z
        .string()
        .url('A web address')
        .max(500)
        .regex(/^https:\/\//, 'An https:// address'),
    ])
    .default(''),
  /** Words per language code of the country; the country's default language is required. */
  texts: z.record(z.string().regex(/^[a-z]{3}$/), GiftTextSchema),
});
export type GiftEdit = z.input<typeof GiftEditSchema>;
export type GiftEditValues = z.output<typeof GiftEditSchema>;

/** Stock: a whole number of items left, or null when the gift is not counted. */
export const GiftStockValueSchema = z
  .union([z.null(), z.literal(''), z.coerce.number()])
  .transform((value) => (value === '' ? null : value))
  .refine(
    (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= 1_000_000),
    'A whole number from 0, or empty for a gift not counted',
  );

export const GiftCreateSchema = GiftEditSchema.extend({
  countryCode: CountryParamSchema,
  stock: GiftStockValueSchema,
});
export type GiftCreate = z.input<typeof GiftCreateSchema>;
export type GiftCreateValues = z.output<typeof GiftCreateSchema>;

/** `POST …/gifts/{id}/stock`: the new stock and why. */
export const GiftStockChangeSchema = z.object({
  stock: GiftStockValueSchema,
  reason: StaffReasonSchema,
});
export type GiftStockChange = z.input<typeof GiftStockChangeSchema>;

export const StaffGiftSchema = z.object({
  id: z.number(),
  countryCode: z.string(),
  category: z.string(),
  points: z.number(),
  stock: z.number().nullable(),
  active: z.boolean(),
  image: z.string(),
  link: z.string(),
  /** When staff last edited it (the gift files no longer overwrite it), or null. */
  editedAt: z.string().nullable(),
  texts: z.record(
    z.string(),
    z.object({ description: z.string(), text: z.string(), imageAlt: z.string() }),
  ),
});
export type StaffGift = z.infer<typeof StaffGiftSchema>;

export const GiftCategorySchema = z.object({
  id: z.string(),
  names: z.record(z.string(), z.string()),
});

/** The ordering windows of a country (spec 2 §3, §4). */
export const GiftOrderingSchema = z.object({
  orderDisabled: z.boolean(),
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
  reopensOn: z.string().nullable(),
});
export type GiftOrdering = z.infer<typeof GiftOrderingSchema>;

export const StaffGiftCatalogueSchema = z.object({
  countryCode: z.string(),
  /** The country's languages, its default first. */
  languages: z.array(z.string()),
  categories: z.array(GiftCategorySchema),
  gifts: z.array(StaffGiftSchema),
  ordering: GiftOrderingSchema,
});
export type StaffGiftCatalogue = z.infer<typeof StaffGiftCatalogueSchema>;

/** One stock change of the gift's history, from the audit log. */
export const StockChangeSchema = z.object({
  at: z.string(),
  staff: z.string(),
  reason: z.string().nullable(),
  before: z.number().nullable(),
  after: z.number().nullable(),
});

/** `GET …/gifts/{id}`: the gift with its stock history, newest first. */
export const StaffGiftDetailSchema = StaffGiftSchema.extend({
  stockHistory: z.array(StockChangeSchema),
});
export type StaffGiftDetail = z.infer<typeof StaffGiftDetailSchema>;

/** A day of an ordering window: the one calendar-date rule (1900–2199). */
const DaySchema = StaffDaySchema;

/** `PUT /s2c/staff/v1/gift-ordering/{country}` (JSON): up to four ranges, each from ≤ to. */
export const GiftOrderingEditSchema = z.object({
  orderDisabled: z.coerce.boolean(),
  ranges: z
    .array(
      z.object({ from: DaySchema, to: DaySchema }).refine((range) => range.from <= range.to, {
        message: 'Ends before it starts',
        path: ['to'],
      }),
    )
    .max(4, 'At most four ranges'),
  reopensOn: z.union([DaySchema, z.literal(''), z.null()]).transform((day) => day || null),
  reason: staffText().trim().max(500).default(''),
});
export type GiftOrderingEdit = z.input<typeof GiftOrderingEditSchema>;

/** `GET/PUT /s2c/staff/v1/tax-information/{number}`: a member's verified tax information. */
export const TaxInformationSchema = z.object({
  number: z.string(),
  countryCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  taxOk: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type TaxInformation = z.infer<typeof TaxInformationSchema>;

export const TaxInformationEditSchema = z.object({
  taxOk: z.enum(['on', 'off'], { message: 'on or off' }),
  reason: staffText().trim().max(500).default(''),
});

/** Uploaded gift images: PNG, JPEG or WebP, at most this many bytes. */
export const GIFT_IMAGE_MAX_BYTES = 1_000_000;
export const giftImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const GiftImageUploadAnswerSchema = z.object({ id: z.number(), url: z.string() });
