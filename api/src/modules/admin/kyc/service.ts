import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { notify } from '../../../platform/notifications/index.js';
import { SUBMISSION_COLUMNS, submissionDocument, submissionHead, submissionTail } from '../../../platform/kyc/index.js';
import { lockSubmission } from './service.queries.js';

// The KYC review queue and its decisions (the user's own side is the kyc module).

const QUEUE_LIMIT = 200;
const QUEUE_ROW = {
  ...SUBMISSION_COLUMNS,
  userId: true,
  reviewerId: true,
  reviewer: { select: { fullName: true } },
  user: {
    select: {
      fullName: true,
      username: true,
      customerId: true,
      kycStatus: true,
      isAccreditedInvestor: true,
      user: { select: { email: true } },
    },
  },
} as const;

/** The review queue: pending first (oldest first, so nobody waits longest), then reviewed ones newest first. */
export async function kycQueue(status: 'pending' | 'all') {
  const prisma = getPrisma();
  const pending = await prisma.kycSubmission.findMany({
    where: { status: 'pending' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: QUEUE_ROW,
    take: QUEUE_LIMIT,
  });
  const reviewed =
    status === 'all' && pending.length < QUEUE_LIMIT
      ? await prisma.kycSubmission.findMany({
          where: { status: { not: 'pending' } },
          orderBy: [{ reviewedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
          select: QUEUE_ROW,
          take: QUEUE_LIMIT - pending.length,
        })
      : [];
  return [...pending, ...reviewed].map((r) => ({
    ...submissionHead(r),
    document_number: r.documentNumber,
    ...submissionTail(r),
    reviewer: r.reviewerId ? { id: r.reviewerId, full_name: r.reviewer?.fullName ?? null } : null,
    user: {
      id: r.userId,
      full_name: r.user.fullName,
      email: r.user.user.email,
      username: r.user.username,
      customer_id: r.user.customerId,
      kyc_status: r.user.kycStatus,
      is_accredited_investor: r.user.isAccreditedInvestor,
    },
  }));
}

/**
 * Users the queue must also show: kyc_status pending with no pending submission, so there is
 * nothing to approve or reject and the user cannot submit either (seed data of earlier versions
 * made bob so). Oldest first; partial index profiles_kyc_pending_idx keeps it off a full scan.
 */
export async function pendingWithoutSubmission() {
  const profiles = await getPrisma().profile.findMany({
    where: { kycStatus: 'pending', deletedAt: null, kycSubmissions: { none: { status: 'pending' } } },
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      fullName: true,
      username: true,
      customerId: true,
      kycStatus: true,
      updatedAt: true,
      user: { select: { email: true } },
    },
    take: QUEUE_LIMIT,
  });
  return profiles.map((p) => ({
    id: p.id,
    full_name: p.fullName,
    email: p.user.email,
    username: p.username,
    customer_id: p.customerId,
    kyc_status: p.kycStatus,
    since: p.updatedAt.toISOString(),
  }));
}

export async function kycDocument(submissionId: string) {
  return submissionDocument(submissionId, { message: 'Submission not found' });
}

/**
 * Approve or reject a pending submission. The reason of a rejection is shown to the user. Only a
 * pending submission can be decided (two admins deciding at once: the first wins, the other 409).
 * The profile's kyc_status follows (verified / rejected) and the audit entry is written in the same
 * transaction.
 */
export async function reviewKyc(
  adminId: string,
  submissionId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  ip: string,
) {
  const note = reason?.trim() || null;
  if (decision === 'reject' && !note) throw validationError({ reason: 'Give the reason the user will see.' });
  return inTransaction(async (db, tx) => {
    // a locking read (the submission and its profile, FOR UPDATE): SQL (./service.sql)
    const rows = await lockSubmission.run({ submissionId }, db);
    if (!rows[0]) throw notFound('Submission not found');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const now = new Date();
    const decided = await tx.kycSubmission.updateMany({
      where: { id: submissionId, status: 'pending' },
      data: { status, reviewerId: adminId, reviewNote: note, reviewedAt: now },
    });
    if (!decided.count) throw conflict('This submission has already been reviewed.');
    const kyc = decision === 'approve' ? 'verified' : 'rejected';
    await tx.profile.update({ where: { id: rows[0].user_id }, data: { kycStatus: kyc, updatedAt: now } });
    await notify(tx, {
      userId: rows[0].user_id,
      kind: decision === 'approve' ? 'kyc_approved' : 'kyc_rejected',
      link: '/profile',
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: `admin.kyc.${decision}`,
      subject: `kyc_submission:${submissionId}`,
      ip,
      before: { submission_status: 'pending', kyc_status: rows[0].kyc_status },
      after: { submission_status: status, kyc_status: kyc, review_note: note },
      data: { user_id: rows[0].user_id },
    });
    return { id: submissionId, status, kyc_status: kyc, review_note: note };
  });
}
