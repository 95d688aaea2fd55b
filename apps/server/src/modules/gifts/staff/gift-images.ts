import { eq } from 'drizzle-orm';
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
