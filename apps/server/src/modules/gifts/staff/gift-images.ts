import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../../db/client.js';
import { recordAudit, type AuditActor } from '../../audit/audit-log.js';
import { giftImages } from '../schema.js';

export type GiftImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/**
 * The image type a file's first bytes say it is, whatever its name or the
 * type the browser claimed: PNG's signature, JPEG's start-of-image marker
 * followed by a segment, or WebP's RIFF….WEBP header. Anything else
 * (SVG, which can carry scripts, included) is refused.
 */
export function imageTypeOf(bytes: Uint8Array): GiftImageType | undefined {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * The most pixels (width × height) an uploaded image may have: 25 megapixels,
 * a 6000 × 4000 photo. A file of at most 1 MB can still say it is far larger
 * (a plain colour compresses to almost nothing), and decoding it would take
 * that much memory; the header is read first, and nothing larger is decoded.
 */
export const GIFT_IMAGE_MAX_PIXELS = 25_000_000;

export type ReencodedImage =
  { ok: true; bytes: Buffer } | { ok: false; reason: 'unreadable' | 'too-large' };

/**
 * The image decoded and encoded anew in its own type, so that what is kept
 * and served is only pixels: no EXIF (camera, place, time), XMP, comments,
 * thumbnails or colour profile (converted to sRGB), nor anything a crafted
 * file carries after or between its image data. Turned upright by its EXIF
 * orientation first, since that goes too. An animated WebP keeps its first
 * frame. A file that does not decode as the type its first bytes say is
 * unreadable.
 */
export async function reencodeGiftImage(
  bytes: Buffer,
  type: GiftImageType,
): Promise<ReencodedImage> {
  const options = { limitInputPixels: GIFT_IMAGE_MAX_PIXELS } as const;
  try {
    const { format, width, height } = await sharp(bytes, options).metadata();
    if (`image/${format}` !== type) return { ok: false, reason: 'unreadable' };
    if (width * height > GIFT_IMAGE_MAX_PIXELS) return { ok: false, reason: 'too-large' };
    const upright = sharp(bytes, options).rotate();
    const encoded =
      type === 'image/png'
        ? upright.png({ compressionLevel: 9 })
        : type === 'image/jpeg'
          ? upright.jpeg({ quality: 90 })
          : upright.webp({ quality: 90 });
    return { ok: true, bytes: await encoded.toBuffer() };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      return { ok: false, reason: 'too-large' };
    }
    return { ok: false, reason: 'unreadable' };
  }
}

/** The URL an uploaded image is served at; it never changes, so it is cached for a year. */
export const giftImageUrl = (id: number) => `/media/gift-images/${id}`;

/** Stores an uploaded image in the database (every server process serves it), audited `gift.image`. */
export async function storeGiftImage(
  db: Database,
  image: { countryCode: string; contentType: GiftImageType; bytes: Buffer },
  change: { actor: AuditActor; now: Date },
): Promise<{ id: number; url: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(giftImages)
      .values({ ...image, createdAt: change.now })
      .returning({ id: giftImages.id });
    const id = row!.id;
    await recordAudit(
      tx,
      change.actor,
      {
        action: 'gift.image',
        targetType: 'gift-image',
        target: String(id),
        countryCode: image.countryCode,
        after: { url: giftImageUrl(id), contentType: image.contentType, bytes: image.bytes.length },
      },
      change.now,
    );
    return { id, url: giftImageUrl(id) };
  });
}

export async function giftImage(
  db: Database,
  id: number,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: giftImages.contentType, bytes: giftImages.bytes })
    .from(giftImages)
    .where(eq(giftImages.id, id));
  return row;
}
