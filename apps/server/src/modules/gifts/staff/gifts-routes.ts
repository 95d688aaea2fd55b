import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema } from '@club/contract/envelope';
import {
  GIFT_IMAGE_MAX_BYTES,
  GiftCatalogueQuerySchema,
  GiftCreateSchema,
  GiftEditSchema,
  GiftImageUploadAnswerSchema,
  GiftOrderingEditSchema,
  GiftOrderingSchema,
  GiftStockChangeSchema,
  StaffGiftCatalogueSchema,
  StaffGiftDetailSchema,
  TaxInformationEditSchema,
  TaxInformationSchema,
} from '@club/contract/staff-gifts';
import { notFound, validationFailed } from '../../../lib/http-error.js';
import {
  assertStaffCountry,
  assertStaffRole,
  staffActor,
  staffOf,
} from '../../staff/staff-access.js';
import type { StaffPrincipal } from '../../staff/staff-sessions.js';
import { gifts } from '../schema.js';
import {
  changeStock,
  createGift,
  languagesOf,
  orderingOf,
  setOrdering,
  staffCatalogue,
  staffGiftDetail,
  updateGift,
  type EditRefusal,
} from './gift-editing.js';
import { giftImage, imageTypeOf, reencodeGiftImage, storeGiftImage } from './gift-images.js';
import { setTaxInformation, taxInformation } from './tax-information.js';

const GiftIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, 'A gift number') });
const CountryParamsSchema = z.object({
  country: z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'),
});
const NumberParamsSchema = z.object({ number: z.string().regex(/^\d{1,20}$/, 'A member number') });

const errors = {
  400: ErrorBodySchema.describe('Bad input, one message per field'),
  401: ErrorBodySchema.describe('No live staff session'),
  403: ErrorBodySchema.describe('The role may not make this change'),
  404: ErrorBodySchema.describe('Not found in the staff member’s countries'),
};

/** `POST …/gifts/images` (JSON): the image as base64, with the country it is for. */
const GiftImageUploadSchema = z.object({
  country: z.string().regex(/^[a-z]{2}$/, 'A two-letter country code'),
  data: z
    .string()
    .max(Math.ceil(GIFT_IMAGE_MAX_BYTES / 3) * 4 + 4, 'At most 1 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The image as base64'),
});

export type GiftsRoutesOptions = { now: () => number };

/**
 * The staff gift calls (docs/staff-console.md, "Orders and gifts"): the
 * catalogue of a country, creating and editing gifts, stock changes with a
 * reason and their history, uploaded images (kept in the database, served at
 * /media/gift-images/{id}), the ordering windows and members' tax flag.
 * Support reads; managers and admins change; another country answers 404.
 */
export const giftsRoutes: FastifyPluginCallbackZod<GiftsRoutesOptions> = (app, { now }, done) => {
  const { db } = app;

  async function giftCountry(staff: StaffPrincipal, id: string): Promise<number> {
    const giftId = Number(id);
    const [gift] = await db
      .select({ countryCode: gifts.countryCode })
      .from(gifts)
      .where(eq(gifts.id, giftId));
    if (gift === undefined) throw notFound();
    assertStaffCountry(staff, gift.countryCode);
    return giftId;
  }

  async function knownCountry(staff: StaffPrincipal, countryCode: string) {
    assertStaffCountry(staff, countryCode);
    if ((await languagesOf(db, countryCode)).length === 0) throw notFound();
  }

  const refused = (refusal: EditRefusal) => validationFailed({ [refusal.field]: refusal.message });

  async function answerGift(giftId: number) {
    const gift = await staffGiftDetail(db, giftId);
    if (gift === undefined) throw notFound();
    return { data: gift };
  }

  app.get(
    '/s2c/staff/v1/gifts',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'The gift catalogue of a country: every gift with every language’s words, categories, ordering windows',
        querystring: GiftCatalogueQuerySchema,
        response: { 200: dataEnvelope(StaffGiftCatalogueSchema), ...errors },
      },
    },
    async (request) => {
      await knownCountry(staffOf(request), request.query.country);
      return { data: await staffCatalogue(db, request.query.country) };
    },
  );

  app.post(
    '/s2c/staff/v1/gifts',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Create a gift',
        description:
          'JSON. `texts` per language of the country (its default language required). Audited as `gift.create`. The gift files no longer overwrite it.',
        body: GiftCreateSchema,
        response: { 200: dataEnvelope(StaffGiftDetailSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await knownCountry(staff, request.body.countryCode);
      assertStaffRole(staff, ['admin', 'manager']);
      const created = await createGift(db, request.body, {
        actor: staffActor(staff),
        now: new Date(now()),
      });
      if ('field' in created) throw refused(created);
      return answerGift(created.id);
    },
  );

  app.get(
    '/s2c/staff/v1/gifts/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'One gift with its stock history (from the audit log)',
        params: GiftIdParamsSchema,
        response: { 200: dataEnvelope(StaffGiftDetailSchema), ...errors },
      },
    },
    async (request) => answerGift(await giftCountry(staffOf(request), request.params.id)),
  );

  app.put(
    '/s2c/staff/v1/gifts/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Edit a gift: words per language, image, points, category, link, active',
        description:
          'JSON. The stock changes through `…/stock`. Audited as `gift.update` with before and after; from then on the gift files no longer overwrite the gift (`content:load` reports the differences; `--take-file` takes the file).',
        params: GiftIdParamsSchema,
        body: GiftEditSchema,
        response: { 200: dataEnvelope(StaffGiftDetailSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const giftId = await giftCountry(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await updateGift(db, giftId, request.body, {
        actor: staffActor(staff),
        now: new Date(now()),
      });
      if (result === 'unknown') throw notFound();
      if (result !== 'updated') throw refused(result);
      return answerGift(giftId);
    },
  );

  app.post(
    '/s2c/staff/v1/gifts/:id/stock',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Change a gift’s stock, with a reason',
        description:
          '`stock`: items left, or empty for a gift not counted; `reason` required. Audited as `gift.stock` with the stock before and after: the gift’s stock history.',
        params: GiftIdParamsSchema,
        body: GiftStockChangeSchema,
        response: { 200: dataEnvelope(StaffGiftDetailSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const giftId = await giftCountry(staff, request.params.id);
      assertStaffRole(staff, ['admin', 'manager']);
      const result = await changeStock(db, giftId, {
        stock: request.body.stock,
        reason: request.body.reason,
        actor: staffActor(staff),
        now: new Date(now()),
      });
      if (result === 'unknown') throw notFound();
      return answerGift(giftId);
    },
  );

  app.post(
    '/s2c/staff/v1/gifts/images',
    {
      onRequest: app.requireStaff,
      bodyLimit: 2 * GIFT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Upload a gift image (PNG, JPEG or WebP, at most 1 MB and 25 megapixels)',
        description:
          'JSON: `country` and `data`, the file as base64. The type is read from the file’s first bytes. The image is decoded and encoded anew in its type, so that only its pixels are kept: no EXIF, XMP, comments or colour profile (turned upright by its EXIF orientation first). Kept in the database and served at the answer’s `url` with a year’s caching. Audited as `gift.image`.',
        body: GiftImageUploadSchema,
        response: { 200: dataEnvelope(GiftImageUploadAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await knownCountry(staff, request.body.country);
      assertStaffRole(staff, ['admin', 'manager']);
      const bytes = Buffer.from(request.body.data, 'base64');
      if (bytes.length === 0) throw validationFailed({ data: 'Choose an image' });
      if (bytes.length > GIFT_IMAGE_MAX_BYTES) throw validationFailed({ data: 'At most 1 MB' });
      const contentType = imageTypeOf(bytes);
      if (contentType === undefined) {
        throw validationFailed({ data: 'A PNG, JPEG or WebP image' });
      }
      // Only the pixels are kept: encoded anew, without metadata.
      const image = await reencodeGiftImage(bytes, contentType);
      if (!image.ok) {
        throw validationFailed({
          data:
            image.reason === 'too-large'
              ? 'At most 25 megapixels (6000 × 4000)'
              : 'The image cannot be read: a PNG, JPEG or WebP image',
        });
      }
      const stored = await storeGiftImage(
        db,
        { countryCode: request.body.country, contentType, bytes: image.bytes },
        { actor: staffActor(staff), now: new Date(now()) },
      );
      return { data: stored };
    },
  );

  app.get(
    '/media/gift-images/:id',
    { schema: { hide: true, params: GiftIdParamsSchema } },
    async (request, reply) => {
      const image = await giftImage(db, Number(request.params.id));
      if (image === undefined) throw notFound();
      return (
        reply
          .header('content-type', image.contentType)
          // An uploaded image never changes (a new upload is a new id).
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes)
      );
    },
  );

  app.get(
    '/s2c/staff/v1/gift-ordering/:country',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The ordering windows of a country',
        params: CountryParamsSchema,
        response: { 200: dataEnvelope(GiftOrderingSchema), ...errors },
      },
    },
    async (request) => {
      await knownCountry(staffOf(request), request.params.country);
      return { data: await orderingOf(db, request.params.country) };
    },
  );

  app.put(
    '/s2c/staff/v1/gift-ordering/:country',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Set the ordering windows of a country',
        description:
          'JSON: `orderDisabled` (the switch), up to four `ranges` of days (inclusive, UTC; none: every day), `reopensOn` (shown on the member home while closed), `reason`. Audited as `gift.ordering`.',
        params: CountryParamsSchema,
        body: GiftOrderingEditSchema,
        response: { 200: dataEnvelope(GiftOrderingSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await knownCountry(staff, request.params.country);
      assertStaffRole(staff, ['admin', 'manager']);
      const { reason, ...ordering } = request.body;
      await setOrdering(db, request.params.country, ordering, {
        reason,
        actor: staffActor(staff),
        now: new Date(now()),
      });
      return { data: await orderingOf(db, request.params.country) };
    },
  );

  /** The answer leaves the member's internal id out. */
  const withoutId = (member: Awaited<ReturnType<typeof taxInformation>> & object) => ({
    number: member.number,
    countryCode: member.countryCode,
    firstName: member.firstName,
    lastName: member.lastName,
    taxOk: member.taxOk,
    verifiedAt: member.verifiedAt,
  });

  async function memberTax(staff: StaffPrincipal, number: string) {
    const member = await taxInformation(db, number);
    if (member === undefined) throw notFound();
    assertStaffCountry(staff, member.countryCode);
    return member;
  }

  app.get(
    '/s2c/staff/v1/tax-information/:number',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'A member’s tax information: verified or not (ordering gifts needs it)',
        params: NumberParamsSchema,
        response: { 200: dataEnvelope(TaxInformationSchema), ...errors },
      },
    },
    async (request) => {
      return { data: withoutId(await memberTax(staffOf(request), request.params.number)) };
    },
  );

  app.put(
    '/s2c/staff/v1/tax-information/:number',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Mark a member’s tax information verified (on) or not (off)',
        description: 'Audited as `member.tax`, as `npm run gifts:tax` is.',
        params: NumberParamsSchema,
        body: TaxInformationEditSchema,
        response: { 200: dataEnvelope(TaxInformationSchema), ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const member = await memberTax(staff, request.params.number);
      assertStaffRole(staff, ['admin', 'manager']);
      await setTaxInformation(db, member, {
        taxOk: request.body.taxOk === 'on',
        reason: request.body.reason,
        actor: staffActor(staff),
        now: new Date(now()),
      });
      return { data: withoutId(await memberTax(staff, request.params.number)) };
    },
  );

  done();
};
