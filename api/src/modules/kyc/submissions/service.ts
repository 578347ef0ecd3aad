import { inTransaction } from '../../../platform/db/transaction.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { submissionDocument, SUBMISSION_COLUMNS } from '../../../platform/kyc/index.js';
import { removeUpload, storeUpload } from '../../../platform/storage/index.js';
import { ownerSubmission } from '../views.js';
import type { KycFormInput } from './rules.js';

/**
 * A new submission (status pending) with the document stored in the private bucket; the profile's
 * kyc_status becomes pending. Allowed when not started or rejected; while one is pending or once
 * verified: 409. Two concurrent submits: the partial unique index lets one win.
 */
export async function submitKyc(userId: string, form: KycFormInput) {
  const profile = await getPrisma().profile.findFirst({
    where: { id: userId, deletedAt: null },
    select: { kycStatus: true },
  });
  if (!profile) throw notFound('Could not load profile data.');
  if (profile.kycStatus === 'pending') throw conflict('Your identity verification is pending review.');
  if (profile.kycStatus === 'verified') throw conflict('Your identity has already been verified.');

  const stored = await storeUpload('kyc_documents', form.document, {
    ownerId: userId,
    prefix: userId,
    field: 'document',
  });
  try {
    return await inTransaction(async (_db, tx) => {
      const submission = await tx.kycSubmission.create({
        data: {
          userId,
          legalName: form.legal_name,
          dateOfBirth: new Date(`${form.date_of_birth}T00:00:00Z`),
          country: form.country,
          documentType: form.document_type,
          documentNumber: form.document_number,
          documentPath: stored.key,
          documentContentType: stored.contentType,
        },
        select: SUBMISSION_COLUMNS,
      });
      const { count } = await tx.profile.updateMany({
        where: { id: userId, kycStatus: { in: ['not_started', 'rejected'] } },
        data: { kycStatus: 'pending', updatedAt: new Date() },
      });
      if (!count) throw conflict('Your identity verification is pending review.');
      return ownerSubmission(submission);
    });
  } catch (e) {
    await removeUpload('kyc_documents', stored.key);
    if (sqlState(e) === '23505') throw conflict('Your identity verification is pending review.');
    throw e;
  }
}

/** The document image of one of the caller's own submissions; anyone else's: 404. */
export async function ownDocument(userId: string, submissionId: string) {
  return submissionDocument(submissionId, { userId, message: 'Document not found' });
}
