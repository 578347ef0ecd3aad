import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { SUBMISSION_COLUMNS } from '../../../platform/kyc/index.js';
import { ownerSubmission } from '../views.js';

/** Status, accredited flag and the latest submission (with the reviewer's reason when rejected). */
export async function getKyc(userId: string) {
  const prisma = getPrisma();
  const [profile, latest] = await Promise.all([
    prisma.profile.findFirst({
      where: { id: userId, deletedAt: null },
      select: { kycStatus: true, isAccreditedInvestor: true },
    }),
    prisma.kycSubmission.findFirst({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: SUBMISSION_COLUMNS,
    }),
  ]);
  if (!profile) throw notFound('Could not load profile data.');
  return {
    kyc_status: profile.kycStatus,
    is_accredited_investor: profile.isAccreditedInvestor,
    submission: latest ? ownerSubmission(latest) : null,
  };
}
