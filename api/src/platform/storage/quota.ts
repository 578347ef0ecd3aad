import { inTransaction } from '../db/transaction.js';
import { getPrisma } from '../db/prisma.js';
import { AppError } from '../errors.js';
import { enforce } from '../rate-limit.js';

/**
 * What one user may upload (docs/decisions.md "Upload quota and rate limit"): UPLOADS_PER_WINDOW
 * uploads per UPLOAD_WINDOW_SECONDS (counted when an upload reaches the storage layer, refused ones
 * too: checking and re-encoding an image is the cost being limited), and QUOTA_BYTES stored in all
 * buckets together, summed over the rows of upload_objects (one per stored file, written with it).
 */
export const UPLOADS_PER_WINDOW = 20;
export const UPLOAD_WINDOW_SECONDS = 10 * 60;
export const QUOTA_BYTES = 500 * 1024 * 1024;

/** Advisory lock class of 'the uploads of a user' (7401 is money_lock_user in prisma/sql/money.sql). */
const UPLOAD_LOCK_CLASS = 7402;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** 429 with Retry-After once the user's uploads in this window are used up. */
export async function countUpload(userId: string): Promise<void> {
  await enforce(`upload:${userId}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_SECONDS, (retryAfter) => {
    const n = minutes(retryAfter);
    return `Too many uploads. Please try again in ${n} minute${n === 1 ? '' : 's'}.`;
  });
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const quotaExceeded = (used: number, size: number) =>
  new AppError(
    413,
    'QUOTA_EXCEEDED',
    `This file would take your uploads past your ${MB(QUOTA_BYTES)} storage limit. Remove some of your files and try again.`,
    { quota_bytes: QUOTA_BYTES, used_bytes: used, file_bytes: size },
  );

/**
 * Records the object and stores it with `write`, under the user's upload lock: two uploads at once
 * cannot both fit in the room left for one. Over the quota: 413 and nothing written. `write`
 * failing rolls the row back.
 */
export async function withinQuota(
  object: { userId: string; bucket: string; key: string; size: number },
  write: () => Promise<void>,
): Promise<void> {
  await inTransaction(async (db, tx) => {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [UPLOAD_LOCK_CLASS, object.userId]);
    const { _sum } = await tx.uploadObject.aggregate({ where: { userId: object.userId }, _sum: { sizeBytes: true } });
    const used = Number(_sum.sizeBytes ?? 0n);
    if (used + object.size > QUOTA_BYTES) throw quotaExceeded(used, object.size);
    await tx.uploadObject.create({
      data: { bucket: object.bucket, key: object.key, userId: object.userId, sizeBytes: object.size },
    });
    await write();
  });
}

/** The object no longer counts towards its owner's quota (its file is removed by the caller). */
export async function forgetObject(bucket: string, key: string): Promise<void> {
  await getPrisma().uploadObject.deleteMany({ where: { bucket, key } });
}
