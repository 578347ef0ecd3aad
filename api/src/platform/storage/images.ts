import sharp, { type Sharp } from 'sharp';
import { validationError } from '../errors.js';
import type { ImageType } from './index.js';

// Every upload is a new image: libvips' operation cache only holds memory for images never seen again.
sharp.cache(false);

/**
 * Larger images are refused before they are decoded (a few KB of PNG can claim a 100,000 x 100,000
 * canvas): 50 megapixels holds a 48 MP phone photo (8064 x 6048), and decoded as RGBA it is 200 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

const ENCODE: Record<ImageType, (img: Sharp) => Sharp> = {
  'image/jpeg': (img) => img.jpeg({ quality: 85 }),
  'image/png': (img) => img.png(),
  'image/webp': (img) => img.webp({ quality: 85 }),
};

/**
 * The image's pixels only, as a new file of the same type (docs/decisions.md "Uploads publish only
 * pixels"): turned upright by its EXIF orientation first, scaled down to fit `maxSide` x `maxSide`
 * (never up), then encoded afresh. sharp writes no metadata unless asked, so EXIF (GPS, camera,
 * time), XMP, IPTC, ICC profiles (pixels converted to sRGB), PNG text chunks and comments are gone;
 * an animation keeps its first frame. An image that cannot be decoded, or is larger than
 * MAX_INPUT_PIXELS, is a 400 on `field`.
 */
export async function pixelsOnly(bytes: Buffer, type: ImageType, maxSide: number, field: string): Promise<Buffer> {
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    return await ENCODE[type](img).toBuffer();
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/pixel limit/i.test(message))
      throw validationError({ [field]: `The image must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.` });
    throw validationError({ [field]: 'This image could not be read. Choose another file.' });
  }
}
