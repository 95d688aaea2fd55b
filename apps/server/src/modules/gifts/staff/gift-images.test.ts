import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, staffLogin } from '../../../testing/staff-helpers.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { GIFT_IMAGE_MAX_PIXELS, reencodeGiftImage } from './gift-images.js';

/**
 * Uploaded gift images keep only their pixels: what a camera or an editor
 * wrote into the file (EXIF with its place and owner, XMP, comments, text
 * chunks) is not stored or served, and a file that says it is huge is not
 * decoded.
 */
const marker = 'Owner-Home-37.9838N-23.7275E';
const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${marker}"/></rdf:RDF></x:xmpmeta>`;
const exif = { IFD0: { Copyright: marker, ImageDescription: marker, Artist: marker } };

const canvas = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c04020' } });

/** A JPEG segment (COM: a comment) put right after the start-of-image marker. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    body,
    jpeg.subarray(2),
  ]);
}

/** A PNG chunk (here tEXt) put right before IEND. */
function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), length, typed, crc, png.subarray(iend)]);
}

const fixtures = async () => {
  const jpeg = withJpegComment(
    await canvas().jpeg().withExif(exif).withXmp(xmp).toBuffer(),
    `comment ${marker}`,
  );
  const png = withPngChunk(
    await canvas().png().withExif(exif).toBuffer(),
    'tEXt',
    Buffer.from(`Comment\0${marker}`, 'latin1'),
  );
  const webp = await canvas().webp().withExif(exif).withXmp(xmp).toBuffer();
  return { jpeg, png, webp };
};

const expectOnlyPixels = async (bytes: Buffer, format: string) => {
  expect(bytes.includes(marker)).toBe(false);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe(format);
  expect([metadata.width, metadata.height]).toEqual([64, 48]);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.comments ?? []).toEqual([]);
  expect(metadata.icc).toBeUndefined();
};

describe('reencodeGiftImage', () => {
  it('keeps the pixels of a JPEG, a PNG and a WebP and drops EXIF, XMP, comments and text chunks', async () => {
    const { jpeg, png, webp } = await fixtures();
    // The fixtures do carry the marker, in every place.
    for (const file of [jpeg, png, webp]) expect(file.includes(marker)).toBe(true);
    expect((await sharp(jpeg).metadata()).xmp).toBeDefined();
    expect((await sharp(webp).metadata()).exif).toBeDefined();

    for (const [file, type, format] of [
      [jpeg, 'image/jpeg', 'jpeg'],
      [png, 'image/png', 'png'],
      [webp, 'image/webp', 'webp'],
    ] as const) {
      const result = await reencodeGiftImage(file, type);
      if (!result.ok) throw new Error(`${type}: ${result.reason}`);
      await expectOnlyPixels(result.bytes, format);
    }
  });

  it('turns an image upright by its EXIF orientation before the orientation goes', async () => {
    const sideways = await canvas(64, 48).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await reencodeGiftImage(sideways, 'image/jpeg');
    if (!result.ok) throw new Error(result.reason);
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([48, 64, undefined]);
  });

  it('refuses an image of more pixels than the bound without decoding it, and files that do not decode', async () => {
    // 6000 × 4200 of one colour: a few tens of kilobytes that would decode to 75 MB.
    const huge = await canvas(6000, 4200).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(1_000_000);
    expect(6000 * 4200).toBeGreaterThan(GIFT_IMAGE_MAX_PIXELS);
    expect(await reencodeGiftImage(huge, 'image/png')).toEqual({ ok: false, reason: 'too-large' });

    const { jpeg, png } = await fixtures();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await reencodeGiftImage(truncated, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    const signatureOnly = Buffer.concat([png.subarray(0, 8), Buffer.alloc(40, 1)]);
    expect(await reencodeGiftImage(signatureOnly, 'image/png')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    // A JPEG's bytes under another type's claim are not that type.
    expect(await reencodeGiftImage(jpeg, 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('POST /s2c/staff/v1/gifts/images', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await staffLogin(t.app, await createStaff(t.database.db, 'manager', ['gr']));
  });
  afterAll(() => t.close());

  const upload = (file: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/s2c/staff/v1/gifts/images',
      headers: { authorization: `Bearer ${token}` },
      payload: { country: 'gr', data: file.toString('base64') },
    });

  it('stores and serves only the pixels of an upload', async () => {
    const { jpeg, png, webp } = await fixtures();
    for (const [file, type, format] of [
      [jpeg, 'image/jpeg', 'jpeg'],
      [png, 'image/png', 'png'],
      [webp, 'image/webp', 'webp'],
    ] as const) {
      const answer = await upload(file);
      expect(answer.statusCode, answer.body).toBe(200);
      const served = await t.app.inject({
        method: 'GET',
        url: answer.json<{ data: { url: string } }>().data.url,
      });
      expect(served.headers['content-type']).toBe(type);
      await expectOnlyPixels(served.rawPayload, format);
    }
  });

  it('refuses with a message on the file: too many pixels, or a file that does not decode', async () => {
    const huge = await canvas(6000, 4200).png({ compressionLevel: 9 }).toBuffer();
    const tooLarge = await upload(huge);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { data: 'At most 25 megapixels (6000 × 4000)' },
    });
    const { jpeg } = await fixtures();
    const broken = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { data: 'The image cannot be read: a PNG, JPEG or WebP image' },
    });
  });
});
