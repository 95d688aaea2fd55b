import { z } from 'zod';
import { staffText } from './staff-fields.js';

/**
 * The staff console's gift categories (`/s2c/staff/v1/gift-categories/{country}…`):
 * a country's categories, each named in every language of the country, that
 * staff create, rename and delete (while no gift uses them). The member
 * site's gift list filters by a category's id (`?category=`).
 */

/** A category's stable id, as the gift files and the member site's `?category=` use it. */
export const GiftCategoryIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, '1 to 40 lower-case letters, digits or hyphens');

export const GiftCategoryNameSchema = staffText()
  .trim()
  .min(1, 'Enter the name')
  .max(100, 'At most 100 characters');

/** Names by language code; the server requires one for every language of the country. */
export const GiftCategoryNamesSchema = z.record(
  z.string().regex(/^[a-z]{3}$/, 'A three-letter language code'),
  GiftCategoryNameSchema,
);

/**
 * A form-encoded body sends the names as `names[deu]=…`; this folds those
 * fields into `names`, so both encodings meet the same rules.
 */
const foldNames = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const folded: Record<string, unknown> = {};
  const names: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^names\[([^\]]*)\]$/.exec(key);
    if (match === null) folded[key] = value;
    else names[match[1]!] = value;
  }
  if (Object.keys(names).length === 0) return folded;
  const given = folded.names;
  folded.names = typeof given === 'object' && given !== null ? { ...given, ...names } : names;
  return folded;
};

/** `POST …/gift-categories/{country}`: a new category. */
export const GiftCategoryCreateSchema = z.preprocess(
  foldNames,
  z.object({ id: GiftCategoryIdSchema, names: GiftCategoryNamesSchema }),
);
export type GiftCategoryCreate = z.input<typeof GiftCategoryCreateSchema>;
export type GiftCategoryCreateValues = z.output<typeof GiftCategoryCreateSchema>;

/** `PUT …/gift-categories/{country}/{id}`: the category's names. */
export const GiftCategoryRenameSchema = z.preprocess(
  foldNames,
  z.object({ names: GiftCategoryNamesSchema }),
);
export type GiftCategoryRename = z.input<typeof GiftCategoryRenameSchema>;
export type GiftCategoryRenameValues = z.output<typeof GiftCategoryRenameSchema>;

/** A language of the country, for the form's labels. */
export const CategoryLanguageSchema = z.object({
  code: z.string(),
  /** The language's own name (the language switcher's title). */
  name: z.string(),
  /** Two-letter code, for `lang`. */
  shortCode: z.string(),
  isRtl: z.boolean(),
});
export type CategoryLanguage = z.infer<typeof CategoryLanguageSchema>;

export const StaffGiftCategorySchema = z.object({
  id: z.string(),
  names: z.record(z.string(), z.string()),
  /** How many gifts (withdrawn ones too) are in it: only a category with none can be deleted. */
  gifts: z.number().int(),
  /** When staff last created or renamed it (the gift files no longer overwrite it), or null. */
  editedAt: z.string().nullable(),
});
export type StaffGiftCategory = z.infer<typeof StaffGiftCategorySchema>;

/** `GET …/gift-categories/{country}`. */
export const StaffGiftCategoryListSchema = z.object({
  countryCode: z.string(),
  /** The country's languages, its default first. */
  languages: z.array(CategoryLanguageSchema),
  categories: z.array(StaffGiftCategorySchema),
});
export type StaffGiftCategoryList = z.infer<typeof StaffGiftCategoryListSchema>;
