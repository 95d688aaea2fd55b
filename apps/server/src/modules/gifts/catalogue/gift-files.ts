import { z } from 'zod';
import {
  FIRST_CALENDAR_DATE,
  isCalendarDate,
  LAST_CALENDAR_DATE,
} from '@club/contract/calendar-date';

/**
 * The format of the catalogue files, `content/gifts/{country}.json`
 * (docs/gifts.md): the country's categories and gifts with their words per
 * language, and its ordering rules.
 */

const LanguageCodeSchema = z.string().regex(/^[a-z]{3}$/, 'must be a three-letter language code');
/** The shared calendar-date rule: ordering dates the database and the pages can hold. */
const DaySchema = z
  .string()
  .refine(
    isCalendarDate,
    `must be a day as YYYY-MM-DD from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`,
  );

/** Words per language: `{ "eng": "…", "ell": "…" }`. */
const PerLanguageSchema = z
  .record(LanguageCodeSchema, z.string())
  .refine((value) => Object.keys(value).length > 0, 'needs at least one language');

export const GiftCategoryEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1 to 40 lower-case letters, digits or -'),
  name: PerLanguageSchema,
});

export const GiftEntrySchema = z.strictObject({
  /** Unique across every country's file: orders refer to it. */
  id: z.number().int().min(1).max(999_999_999),
  category: z.string(),
  points: z.number().int().min(1),
  /** The starting stock; null when the gift is not counted. */
  stock: z.number().int().min(0).nullable(),
  active: z.boolean().default(true),
  /**
   * An image under /media/gifts/, or '' for the default icon. An export also
   * writes an image uploaded in the console (/media/gift-images/{id}): it is
   * kept in that environment's database, not in the files.
   */
  image: z
    .string()
    .regex(
      /^(?:\/media\/gifts\/[a-z0-9-]+\.(?:svg|png|jpg|webp)|\/media\/gift-images\/\d{1,9})?$/,
      'must be under /media/gifts/ (or an image uploaded in the console)',
    )
    .default(''),
  link: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
  /** The gift's name per language. */
  description: PerLanguageSchema,
  /** HTML about the gift per language. */
  text: z.record(LanguageCodeSchema, z.string()).default({}),
  /** The image's alt text per language ('' for an image that only decorates); optional. */
  imageAlt: z.record(LanguageCodeSchema, z.string().max(300)).default({}),
});

export const DateRangeSchema = z
  .strictObject({ from: DaySchema, to: DaySchema })
  .refine((range) => range.from <= range.to, 'from must not be after to');

export const GiftsFileSchema = z
  .strictObject({
    countryCode: z.string().regex(/^[a-z]{2}$/, 'must be a lower-case two-letter country code'),
    ordering: z
      .strictObject({
        /** The switch: ordering off whatever the dates. */
        orderDisabled: z.boolean().default(false),
        /** Up to four date ranges in which ordering is open; none means every day. */
        ranges: z.array(DateRangeSchema).max(4, 'at most four date ranges').default([]),
        /** When ordering reopens, for the member home to say while it is closed (optional). */
        reopensOn: DaySchema.optional(),
      })
      .default({ orderDisabled: false, ranges: [] }),
    categories: z.array(GiftCategoryEntrySchema),
    gifts: z.array(GiftEntrySchema),
  })
  .superRefine((file, context) => {
    const categories = new Set<string>();
    for (const [index, category] of file.categories.entries()) {
      if (categories.has(category.id)) {
        context.addIssue({
          code: 'custom',
          path: ['categories', index, 'id'],
          message: `category ${category.id} is listed twice`,
        });
      }
      categories.add(category.id);
    }
    for (const [index, gift] of file.gifts.entries()) {
      if (!categories.has(gift.category)) {
        context.addIssue({
          code: 'custom',
          path: ['gifts', index, 'category'],
          message: `unknown category ${gift.category}`,
        });
      }
    }
  });
export type GiftsFile = z.infer<typeof GiftsFileSchema>;
