import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * For tests: images that carry what a phone or an editor writes besides the pixels (EXIF with a GPS
 * position and an orientation, XMP, comments, PNG text chunks), and readers of the segments and
 * chunks of a JPEG or PNG file, to check what a stored upload still holds.
 */

/** The segments of a JPEG before its image data: marker (0xE1 = APP1 ...) and payload. */
export function jpegSegments(b: Buffer): { marker: number; payload: Buffer }[] {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new Error('not a JPEG');
  const out: { marker: number; payload: Buffer }[] = [];
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xda) break; // start of scan: pixels from here on
    const length = b.readUInt16BE(at + 2);
    out.push({ marker, payload: b.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return out;
}

/** APP1 segments holding EXIF ('Exif\0\0') or XMP (Adobe's namespace), and comments (COM). */
export function jpegMetadata(b: Buffer): string[] {
  return jpegSegments(b).flatMap(({ marker, payload }) => {
    if (marker === 0xe1 && payload.subarray(0, 6).toString('latin1') === 'Exif\0\0') return ['Exif'];
    if (marker === 0xe1 && payload.toString('latin1').startsWith('http://ns.adobe.com/xap/1.0/')) return ['XMP'];
    if (marker === 0xe2 && payload.toString('latin1').startsWith('ICC_PROFILE')) return ['ICC'];
    if (marker === 0xfe) return ['COM'];
    return [];
  });
}

/** The chunk types of a PNG, in order. */
export function pngChunks(b: Buffer): string[] {
  const out: string[] = [];
  for (let at = 8; at + 8 <= b.length;) {
    const length = b.readUInt32BE(at);
    out.push(b.subarray(at + 4, at + 8).toString('latin1'));
    at += 12 + length;
  }
  return out;
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Little-endian TIFF: IFD0 with Orientation and a GPS pointer; the GPS IFD with latitude 48 deg 51' 24" N. */
function exifWithGps(orientation: number): Buffer {
  const t = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 2 * 12 + 4 + 24);
  t.write('II*\0', 0, 'latin1');
  t.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    t.writeUInt16LE(tag, at);
    t.writeUInt16LE(type, at + 2);
    t.writeUInt32LE(count, at + 4);
    t.writeUInt32LE(value, at + 8);
  };
  const gpsIfd = 8 + 2 + 2 * 12 + 4;
  const rationals = gpsIfd + 2 + 2 * 12 + 4;
  t.writeUInt16LE(2, 8);
  entry(10, 0x0112, 3, 1, orientation); // Orientation (SHORT, in the value's first two bytes)
  entry(22, 0x8825, 4, 1, gpsIfd); // GPSInfo
  t.writeUInt16LE(2, gpsIfd);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e); // GPSLatitudeRef 'N\0'
  entry(gpsIfd + 14, 0x0002, 5, 3, rationals); // GPSLatitude: 3 RATIONALs
  [48, 1, 51, 1, 24, 1].forEach((v, i) => t.writeUInt32LE(v, rationals + 4 * i));
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), t]);
}

/**
 * A `width` x `height` JPEG (red left half, blue right half) as a phone writes it: EXIF with a GPS
 * position and `orientation` (6: the viewer turns it 90 degrees clockwise), XMP and a comment.
 */
export async function phoneJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const plain = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([
      { input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 },
    ])
    .jpeg()
    .toBuffer();
  const xmp = Buffer.from(
    'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>48,51.4N</exif:GPSLatitude></x:xmpmeta>',
    'latin1',
  );
  return Buffer.concat([
    plain.subarray(0, 2),
    segment(0xe1, exifWithGps(orientation)),
    segment(0xe1, xmp),
    segment(0xfe, Buffer.from('Taken at home')),
    plain.subarray(2),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with tEXt, zTXt and iTXt chunks (a comment, a GPS position, XMP) and an eXIf chunk after its header. */
export async function annotatedPng(width: number, height: number): Promise<Buffer> {
  const plain = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
  const ihdrEnd = 8 + 12 + 13;
  const extra = [
    chunk('tEXt', Buffer.from('Comment\0Taken at home', 'latin1')),
    chunk('zTXt', Buffer.concat([Buffer.from('GPS\0\0', 'latin1'), zlib.deflateSync('48.8566 N, 2.3522 E')])),
    chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta xmlns:x="adobe:ns:meta/"/>', 'latin1')),
    chunk('eXIf', exifWithGps(1).subarray(6)),
  ];
  return Buffer.concat([plain.subarray(0, ihdrEnd), ...extra, plain.subarray(ihdrEnd)]);
}

/** A PNG whose header claims `width` x `height` pixels, with one tiny image data chunk (a decompression bomb's shape). */
export function claimedSizePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether two images hold the same pixels (same size, channels and values), whatever their files' bytes. */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })));
  return (
    x!.info.width === y!.info.width &&
    x!.info.height === y!.info.height &&
    x!.info.channels === y!.info.channels &&
    x!.data.equals(y!.data)
  );
}
