import { describe, expect, it } from 'vitest';
import {
  fitPhotoUnderLimit,
  PHOTO_MIN_LONG_SIDE,
  PHOTO_MIN_QUALITY,
  type DecodedPhoto,
  type PhotoCodec,
} from './photo-fit.ts';

const MB = 1024 * 1024;
/** A 1 MB limit keeps the fake encoder's buffers small; the rules scale with the limit. */
const limit = MB;

/**
 * A codec whose JPEG size follows the pixel count and the quality, as real encoders roughly
 * do, recording every encoding asked of it.
 */
function fakeCodec(
  { width, height }: { width: number; height: number },
  bytesPerPixel: (quality: number) => number,
) {
  const encodings: { width: number; height: number; quality: number }[] = [];
  let closed = 0;
  const codec: PhotoCodec = {
    decode: async () =>
      ({
        width,
        height,
        source: {} as CanvasImageSource,
        close: () => (closed += 1),
      }) satisfies DecodedPhoto,
    encode: async (_photo, w, h, quality) => {
      encodings.push({ width: w, height: h, quality });
      return new Blob([new Uint8Array(Math.round(w * h * bytesPerPixel(quality)))], {
        type: 'image/jpeg',
      });
    },
  };
  return { codec, encodings, closedCount: () => closed };
}

const photoOf = (size: number, name = 'IMG_2041.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

describe('fitPhotoUnderLimit (a phone photo over the upload limit)', () => {
  it('sends a photo under the limit as it is, without decoding it', async () => {
    const { codec, encodings } = fakeCodec({ width: 4032, height: 3024 }, () => 1);
    const photo = photoOf(limit);
    expect(await fitPhotoUnderLimit(photo, { codec, limit })).toBe(photo);
    expect(encodings).toEqual([]);
  });

  it('re-encodes a photo just over the limit as a JPEG under the limit at full size when quality 0.92 is enough', async () => {
    const { codec, encodings, closedCount } = fakeCodec({ width: 4032, height: 3024 }, () => 0.06);
    const fitted = await fitPhotoUnderLimit(photoOf(1.2 * MB, 'IMG_2041.PNG', 'image/png'), {
      codec,
      limit,
    });
    expect(fitted.size).toBeLessThanOrEqual(limit);
    expect(fitted.type).toBe('image/jpeg');
    expect(fitted.name).toBe('IMG_2041.jpg');
    expect(encodings).toEqual([{ width: 4032, height: 3024, quality: 0.92 }]);
    expect(closedCount()).toBe(1);
  });

  it('makes a huge photo smaller, never below 1,600 px on its long side nor quality 0.9', async () => {
    const { codec, encodings } = fakeCodec(
      { width: 3000, height: 8000 },
      (quality) => quality * 0.2,
    );
    const fitted = await fitPhotoUnderLimit(photoOf(4 * MB), { codec, limit });
    expect(fitted.size).toBeLessThanOrEqual(limit);
    for (const encoding of encodings) {
      expect(Math.max(encoding.width, encoding.height)).toBeGreaterThanOrEqual(PHOTO_MIN_LONG_SIDE);
      expect(encoding.quality).toBeGreaterThanOrEqual(PHOTO_MIN_QUALITY);
    }
    // Portrait stays portrait, in proportion.
    const last = encodings.at(-1)!;
    expect(last.height / last.width).toBeCloseTo(8000 / 3000, 2);
  });

  it('gives the original back when even 1,600 px at quality 0.9 is over the limit', async () => {
    const { codec, encodings } = fakeCodec({ width: 6000, height: 4000 }, () => 0.8);
    const photo = photoOf(3 * MB);
    expect(await fitPhotoUnderLimit(photo, { codec, limit })).toBe(photo);
    expect(encodings.at(-1)).toEqual({ width: 1600, height: 1067, quality: PHOTO_MIN_QUALITY });
  });

  it('leaves a file that is not a photo, or that this browser cannot decode, to the upload rules', async () => {
    const { codec, encodings } = fakeCodec({ width: 4000, height: 3000 }, () => 0.1);
    const pdf = photoOf(1.2 * MB, 'statement.pdf', 'application/pdf');
    expect(await fitPhotoUnderLimit(pdf, { codec, limit })).toBe(pdf);
    expect(encodings).toEqual([]);
    const undecodable: PhotoCodec = { decode: async () => null, encode: codec.encode };
    const photo = photoOf(1.2 * MB);
    expect(await fitPhotoUnderLimit(photo, { codec: undecodable, limit })).toBe(photo);
  });
});
