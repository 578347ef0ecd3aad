import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/helpers.js';
import { AppError } from '../errors.js';
import { BUCKETS, contentDisposition, getStorage, sniffMediaType, storeUpload, type BucketName } from './index.js';

// docs/decisions.md "Uploads publish only pixels": the type comes from the file's bytes, never from the name or the header; each
// bucket takes its own kinds. adds PDF ('%PDF-' at offset 0) for the private bucket
// support_attachments only; the image and video buckets answer as before.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
const blob = (bytes: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });
let ownerId: string;
beforeAll(async () => {
  ownerId = (await createUser()).id;
});

async function refusal(bucket: BucketName, bytes: Buffer) {
  try {
    await storeUpload(bucket, blob(bytes), { ownerId, prefix: 'test', field: 'file' });
  } catch (e) {
    return ((e as AppError).details as { fields: Record<string, string> }).fields.file;
  }
  return null;
}

describe('upload types', () => {
  it("a PDF is '%PDF-' at the very start; a page with a PDF header further down, HTML or SVG is no PDF", () => {
    expect(sniffMediaType(PDF)).toBe('application/pdf');
    expect(sniffMediaType(Buffer.from('<html>%PDF-1.4</html>'))).toBeNull();
    expect(sniffMediaType(Buffer.from(' %PDF-1.4 with a space first'))).toBeNull();
    expect(sniffMediaType(Buffer.from('%PDF-'))).toBeNull(); // too short to be a document
    expect(sniffMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(PNG)).toBe('image/png');
  });

  it('support_attachments takes images and PDFs (private, 5 MB), stored as .pdf and read back as application/pdf', async () => {
    expect(BUCKETS.support_attachments).toEqual({
      public: false,
      maxBytes: 5 * 1024 * 1024,
      types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      maxImageSide: 4096,
    });
    const stored = await storeUpload('support_attachments', blob(PDF, 'image/png'), {
      ownerId,
      prefix: 'user',
      field: 'attachment',
    });
    expect(stored).toEqual({
      key: expect.stringMatching(/^user-[0-9a-f]{24}\.pdf$/),
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(await getStorage().get('support_attachments', stored.key)).toEqual({
      bytes: PDF,
      contentType: 'application/pdf',
    });
    expect(await refusal('support_attachments', Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe(
      'Only JPEG, PNG or WebP images or PDF documents are accepted.',
    );
    expect(await refusal('support_attachments', Buffer.alloc(0))).toBe('Choose a file to upload.');
    expect(await refusal('support_attachments', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))).toBe(
      'The file must be at most 5 MB.',
    );
  });

  it('the other buckets refuse a PDF with the words they always used', async () => {
    for (const bucket of ['avatars', 'kyc_documents', 'campaign_logos'] as const) {
      expect(await refusal(bucket, PDF), bucket).toBe('Only JPEG, PNG or WebP images are accepted.');
      expect(await refusal(bucket, Buffer.alloc(0)), bucket).toBe('Choose an image file to upload.');
    }
    expect(await refusal('social_media_content', PDF)).toBe('Only JPEG, PNG or WebP images are accepted.');
  });

  it('a download is named after the uploaded file: an ASCII fallback without quotes or control characters, the exact name encoded', () => {
    expect(contentDisposition()).toBe('inline');
    expect(contentDisposition('report.pdf')).toBe(`inline; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('Ünïcode "quoted"\r\n(1).pdf')).toBe(
      `inline; filename="_n_code _quoted___(1).pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22quoted%22%0D%0A%281%29.pdf`,
    );
  });
});
