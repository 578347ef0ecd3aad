import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import {
  EXT,
  fileResponse,
  getStorage,
  removeUpload,
  storeUpload,
  type MediaType,
} from '../../../platform/storage/index.js';
import { ATTACHMENT_NOT_FOUND } from '../schemas.js';

const BUCKET = 'support_attachments';

/** An upload checked and stored, not yet on a ticket. */
export interface StoredAttachment {
  storageKey: string;
  fileName: string;
  contentType: MediaType;
  sizeBytes: number;
}

/** What a browser sends for a file input left empty: no part, or a part with no name and no bytes. */
const isNoFile = (file: unknown) =>
  file === undefined || file === '' || (file instanceof File && file.size === 0 && file.name === '');

/**
 * The name shown for a file: the uploaded name without folders or control characters, at most 150
 * characters, ending in the extension of what the bytes are (a PNG named 'x.pdf' reads 'x.pdf.png').
 */
export function displayName(uploaded: string, type: MediaType): string {
  const base =
    (uploaded.split(/[\\/]/).pop() ?? '')
      .replace(/[\p{Cc}\p{Cf}]|[\uD800-\uDFFF]/gu, '')
      .trim()
      .slice(0, 150) || 'attachment';
  const ext = EXT[type];
  const fits = base.toLowerCase().endsWith(`.${ext}`) || (ext === 'jpg' && /\.jpe?g$/i.test(base));
  return fits ? base : `${base}.${ext}`;
}

/** Checks (type from the bytes, 5 MB) and stores the `attachment` field of a form; null when none was sent. */
export async function storeAttachment(ownerId: string, file: unknown): Promise<StoredAttachment | null> {
  if (isNoFile(file)) return null;
  const stored = await storeUpload(BUCKET, file, { ownerId, prefix: ownerId, field: 'attachment' });
  return {
    storageKey: stored.key,
    fileName: displayName(file instanceof File ? file.name : '', stored.contentType),
    contentType: stored.contentType,
    sizeBytes: stored.size,
  };
}

/** Removes a stored file whose ticket or response was not saved (best effort: an orphan file harms no one). */
export async function discardAttachment(a: StoredAttachment | null): Promise<void> {
  if (a) await removeUpload(BUCKET, a.storageKey).catch(() => undefined);
}

/** The attachment's row, in the transaction that writes its response. */
export async function insertAttachment(
  tx: PrismaTx,
  ticketId: string,
  responseId: string,
  a: StoredAttachment,
): Promise<void> {
  await tx.supportAttachment.create({ data: { ticketId, responseId, ...a } });
}

/** The file of an attachment on one of the user's tickets (404 for anyone else's, as for a missing one). */
export async function ownAttachmentFile(userId: string, id: string): Promise<Response> {
  return serve(await getPrisma().supportAttachment.findFirst({ where: { id, ticket: { userId } } }));
}

/** Any attachment's file, for admins. */
export async function anyAttachmentFile(id: string): Promise<Response> {
  return serve(await getPrisma().supportAttachment.findUnique({ where: { id } }));
}

async function serve(row: { storageKey: string; fileName: string } | null): Promise<Response> {
  const obj = row ? await getStorage().get(BUCKET, row.storageKey) : null;
  if (!row || !obj) throw notFound(ATTACHMENT_NOT_FOUND);
  return fileResponse(obj, { public: false, fileName: row.fileName });
}
