/** Whether `bytes` hold `signature` at `offset`. */
export function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The lower-cased extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** ISO-BMFF brands of HEIF/HEIC pictures (what iPhones save by default). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Whether a file is a HEIC/HEIF picture, by its name or by its `ftyp` box: phones save photos
 * so, and no browser can show or re-encode them, so the person is told how to get a JPEG.
 */
export function isHeifPicture(fileName: string, bytes?: Uint8Array | null): boolean {
  const extension = extensionOf(fileName);
  if (extension === 'heic' || extension === 'heif') return true;
  if (!bytes || !startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return false;
  const brand = String.fromCharCode(...bytes.slice(8, 12));
  return HEIF_BRANDS.has(brand);
}
