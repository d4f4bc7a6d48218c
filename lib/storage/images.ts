/**
 * Upload checks for product images (docs/architecture.md "Uploads are checked by content"): only JPEG, PNG,
 * WebP or AVIF — decided by the file's bytes (magic numbers, then sharp's decoder), never by its
 * name or declared type — at most 5 MB each. Accepted images are re-encoded with sharp to WebP,
 * at most 2000 px on the longer side, auto-rotated, with every metadata block (EXIF, GPS, ICC
 * comments) stripped. Anything else raises AppError before anything is stored.
 */
import 'server-only';
import sharp from 'sharp';
import { AppError } from '@/lib/server/errors';

/** Largest accepted upload, bytes (5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored image, px. */
export const MAX_IMAGE_DIMENSION = 2000;
/** New files accepted in one product request. */
export const MAX_IMAGES_PER_REQUEST = 10;
/** Decoded pixel budget: refuses decompression bombs (a tiny file that decodes to gigapixels). */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_REJECTED_MESSAGE = 'Only JPEG, PNG, WebP or AVIF images up to 5 MB are accepted.';

/** The refusal of an image below the minimum, naming its real size (read from its content). */
export const imageTooSmallMessage = (name: string | undefined, width: number, height: number, min: number) =>
  `${describe(name)}the image is ${width} × ${height} px. Product images must be at least ${min} × ${min} px.`;

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export type ProcessedImage = { buffer: Buffer; contentType: 'image/webp'; width: number; height: number; sourceFormat: AcceptedFormat };

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));

/** The image format the bytes start with, or null. Reads only the signature, not the name or type. */
export function sniffImageFormat(buf: Uint8Array): AcceptedFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => buf[i] === b)) return 'png';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 16 && ascii(buf, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8..12, compatible brands from 16 to the end of the ftyp box.
    const boxSize = Math.min(buf.length, (buf[0] << 24) | (buf[1] << 16) | (buf[2] << 8) | buf[3]);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

function describe(name: string | undefined): string {
  return name ? `“${name.slice(0, 120)}”: ` : '';
}

/**
 * Checks one upload and re-encodes it.
 * @param file a Blob/File from multipart form data (its name is used only in messages)
 * @param opts.minPx the smallest width and height accepted, px, as decoded from the content
 *   (after EXIF rotation); left out: no minimum
 * @returns WebP bytes, dimensions in px, and the detected source format
 * @throws AppError 413 payload_too_large when over 5 MB; 400 bad_request when the content is not
 *   a decodable JPEG, PNG, WebP or AVIF image (both carry IMAGE_REJECTED_MESSAGE), or when it is
 *   smaller than `minPx` on either side (imageTooSmallMessage, with its real size).
 */
export async function processImageUpload(file: Blob & { name?: string }, opts: { minPx?: number } = {}): Promise<ProcessedImage> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', `${describe(file.name)}the file is larger than 5 MB. ${IMAGE_REJECTED_MESSAGE}`);
  }
  if (file.size === 0) throw new AppError('bad_request', `${describe(file.name)}the file is empty. ${IMAGE_REJECTED_MESSAGE}`);
  const input = Buffer.from(await file.arrayBuffer());
  const sniffed = sniffImageFormat(input);
  if (!sniffed) {
    throw new AppError('bad_request', `${describe(file.name)}this is not a JPEG, PNG, WebP or AVIF image. ${IMAGE_REJECTED_MESSAGE}`);
  }
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : null) : meta.format;
    if (decoded !== sniffed) throw new Error(`content says ${sniffed}, decoder says ${meta.format}`);
    if (opts.minPx) {
      // autoOrient: the size as displayed (an EXIF-rotated photo swaps width and height).
      const { width, height } = meta.autoOrient ?? meta;
      if (width < opts.minPx || height < opts.minPx) throw new AppError('bad_request', imageTooSmallMessage(file.name, width, height, opts.minPx));
    }
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_IMAGE_DIMENSION, height: MAX_IMAGE_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, contentType: 'image/webp', width: info.width, height: info.height, sourceFormat: sniffed };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('bad_request', `${describe(file.name)}the image could not be read. ${IMAGE_REJECTED_MESSAGE}`);
  }
}
