import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ErrorCode, dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  GiftCategoryCreateSchema,
  GiftCategoryIdSchema,
  GiftCategoryRenameSchema,
  StaffGiftCategoryListSchema,
} from '@club/contract/staff-gift-categories';
import { HttpError, notFound, validationFailed } from '../../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffOf,
} from '../../staff/staff-access.js';
import type { StaffPrincipal } from '../../staff/staff-sessions.js';
import { languagesOf } from './gift-editing.js';
import {
  createCategory,
  deleteCategory,
  renameCategory,
  staffCategories,
  type CategoryRefusal,
} from './gift-categories.js';

const CountryParamsSchema = z.object({
  country: z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'),
});
const CategoryParamsSchema = CountryParamsSchema.extend({ id: GiftCategoryIdSchema });

const errors = {
  400: ErrorBodySchema.describe('Bad input, one message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('The role may not make this change'),
  404: ErrorBodySchema.describe('Not found in the staff member’s countries'),
};
const inUse = {
  409: ErrorBodySchema.describe('Gifts are in the category: it cannot be deleted'),
};

export type GiftCategoriesRoutesOptions = { now: () => number };

/**
 * The staff calls of gift categories (docs/staff-console.md, "Gift
 * categories and image alt text"): list a country's categories with their
 * names per language and gift counts, create, rename, delete one no gift
 * uses. Support reads; managers and admins change; another country answers
 * 404. The member site reads categories from the database on every request,
 * so a change shows there at once.
 */
export const giftCategoriesRoutes: FastifyPluginCallbackZod<GiftCategoriesRoutesOptions> = (
  app,
  { now },
  done,
) => {
  const { db } = app;

  async function knownCountry(staff: StaffPrincipal, countryCode: string) {
    assertStaffCountry(staff, countryCode);
    if ((await languagesOf(db, countryCode)).length === 0) throw notFound();
  }

  const refused = (refusal: CategoryRefusal) =>
    refusal.status === 409
      ? new HttpError(409, ErrorCode.conflict, { [refusal.field]: refusal.message })
      : validationFailed({ [refusal.field]: refusal.message });

  const changeOf = (staff: StaffPrincipal) => ({ actor: staffActor(staff), now: new Date(now()) });

  app.get(
    '/s2c/staff/v1/gift-categories/:country',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The gift categories of a country: names per language and how many gifts each has',
        params: CountryParamsSchema,
        response: { 200: dataEnvelope(StaffGiftCategoryListSchema), ...errors },
      },
    },
    async (request) => {
      await knownCountry(staffOf(request), request.params.country);
      return { data: await staffCategories(db, request.params.country) };
    },
  );

  app.post(
    '/s2c/staff/v1/gift-categories/:country',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Create a gift category',
        description:
          '`id` (1 to 40 lower-case letters, digits or hyphens, unique in the country: the member site’s `?category=`) and a name for every language of the country, `names[deu]=…` form-encoded or `names` as JSON. Added at the end of the list. Audited as `gift-category.create`; the gift files no longer overwrite it.',
        params: CountryParamsSchema,
        body: GiftCategoryCreateSchema,
        response: { 200: dataEnvelope(StaffGiftCategoryListSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { country } = request.params;
      await knownCountry(staff, country);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await createCategory(db, country, request.body, changeOf(staff));
      if (result !== 'created') throw refused(result);
      return { data: await staffCategories(db, country) };
    },
  );

  app.put(
    '/s2c/staff/v1/gift-categories/:country/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Rename a gift category',
        description:
          'A name for every language of the country (`names[deu]=…` or `names` as JSON). Audited as `gift-category.rename` with the names before and after; the gift files no longer overwrite it.',
        params: CategoryParamsSchema,
        body: GiftCategoryRenameSchema,
        response: { 200: dataEnvelope(StaffGiftCategoryListSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { country, id } = request.params;
      await knownCountry(staff, country);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await renameCategory(db, country, id, request.body.names, changeOf(staff));
      if (result === 'unknown') throw notFound();
      if (result !== 'renamed') throw refused(result);
      return { data: await staffCategories(db, country) };
    },
  );

  app.delete(
    '/s2c/staff/v1/gift-categories/:country/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Delete a gift category no gift uses',
        description:
          'Refused with 409 while any gift of the country (withdrawn ones too) is in it. Audited as `gift-category.delete` with the names it had.',
        params: CategoryParamsSchema,
        response: { 200: dataEnvelope(StaffGiftCategoryListSchema), ...errors, ...inUse },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { country, id } = request.params;
      await knownCountry(staff, country);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await deleteCategory(db, country, id, changeOf(staff));
      if (result === 'unknown') throw notFound();
      if (result !== 'deleted') throw refused(result);
      return { data: await staffCategories(db, country) };
    },
  );

  done();
};
