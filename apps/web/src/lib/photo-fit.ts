import { MAX_UPLOAD_BYTES } from '@portal/domain/constants';
import { extensionOf } from '@portal/domain/rules/file-names';

/** A photo is never made smaller than this on its long side: ID text must stay readable. */
export const PHOTO_MIN_LONG_SIDE = 1600;
/** Nor encoded below this JPEG quality: compression blur hides a card's security features. */
export const PHOTO_MIN_QUALITY = 0.9;
/** The quality tried first, as the camera's own pictures are taken (use-camera.ts). */
const FIRST_QUALITY = 0.92;

/** A decoded picture's size and something the encoder can draw. */
export interface DecodedPhoto {
  width: number;
  height: number;
  source: CanvasImageSource;
  close(): void;
}

/** Decoding and encoding, apart so the fitting rules are tested without a real canvas. */
export interface PhotoCodec {
  /** Null when this browser cannot decode the file (the original is then sent as it is). */
  decode(file: Blob): Promise<DecodedPhoto | null>;
  encode(photo: DecodedPhoto, width: number, height: number, quality: number): Promise<Blob | null>;
}

/** The browser's own decoder (EXIF orientation applied) and a canvas's JPEG encoder. */
export const browserPhotoCodec: PhotoCodec = {
  async decode(file) {
    if (typeof createImageBitmap !== 'function') return null;
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return {
        width: bitmap.width,
        height: bitmap.height,
        source: bitmap,
        close: () => bitmap.close(),
      };
    } catch {
      return null;
    }
  },
  encode(photo, width, height, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    context.drawImage(photo.source, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  },
};

const isPhoto = (file: File) =>
  file.type === 'image/jpeg' ||
  file.type === 'image/png' ||
  ['jpg', 'jpeg', 'png'].includes(extensionOf(file.name));

/**
 * A phone photo over the upload limit, made to fit in the browser before anything is sent
 * (issue 30): only when it is over the limit; re-encoded as JPEG at quality 0.92 then 0.9, and
 * made smaller step by step, never below 1,600 px on its long side (or its own size, if
 * smaller). Anything else, or a photo that cannot be made to fit within those bounds, comes back
 * unchanged, for the upload rules to refuse with their reason.
 */
export async function fitPhotoUnderLimit(
  file: File,
  {
    limit = MAX_UPLOAD_BYTES,
    codec = browserPhotoCodec,
  }: { limit?: number; codec?: PhotoCodec } = {},
): Promise<File> {
  if (file.size <= limit || !isPhoto(file)) return file;
  const photo = await codec.decode(file);
  if (!photo) return file;
  try {
    const longSide = Math.max(photo.width, photo.height);
    const floor = Math.min(longSide, PHOTO_MIN_LONG_SIDE);
    // Compressed size grows with the area: aim at the limit's share of the pixels, with a
    // margin, and walk down to the floor if an attempt is still too large.
    let target = Math.max(floor, Math.floor(longSide * Math.min(1, Math.sqrt(limit / file.size))));
    const attempts: { side: number; quality: number }[] = [
      { side: longSide, quality: FIRST_QUALITY },
      { side: longSide, quality: PHOTO_MIN_QUALITY },
    ];
    for (let step = 0; step < 4 && target < longSide; step += 1) {
      attempts.push({ side: target, quality: PHOTO_MIN_QUALITY });
      if (target === floor) break;
      target = Math.max(floor, Math.floor(target * 0.8));
    }
    if (attempts.at(-1)?.side !== floor) attempts.push({ side: floor, quality: PHOTO_MIN_QUALITY });
    for (const { side, quality } of attempts) {
      const scale = side / longSide;
      const width = Math.max(1, Math.round(photo.width * scale));
      const height = Math.max(1, Math.round(photo.height * scale));
      const blob = await codec.encode(photo, width, height, quality);
      if (blob && blob.size > 0 && blob.size <= limit) {
        const stem = file.name.replace(/\.[^.]*$/, '') || 'photo';
        return new File([blob], `${stem}.jpg`, {
          type: 'image/jpeg',
          lastModified: file.lastModified,
        });
      }
    }
    return file;
  } finally {
    photo.close();
  }
}
