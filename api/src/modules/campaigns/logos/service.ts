import { getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { fileResponse, getStorage, isValidKey, removeUpload, storeUpload } from '../../../platform/storage/index.js';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/service.js';
import { campaignInclude, campaignView } from '../views.js';

export const LOGO_PATH = '/api/campaigns/logos/';

export async function uploadLogo(ownerId: string, id: string, file: unknown) {
  const db = getPrisma();
  const c = await db.fundingCampaign.findFirst({
    where: { id, createdByProfileId: ownerId },
    select: { status: true, companyLogoUrl: true },
  });
  if (!c) throw notFound(CAMPAIGN_NOT_FOUND);
  if (!['draft', 'pending_approval', 'rejected'].includes(c.status))
    throw conflict('A live or ended campaign cannot be edited.');
  const { key } = await storeUpload('campaign_logos', file, { ownerId, prefix: id, field: 'file' });
  const updated = await db.fundingCampaign.update({
    where: { id },
    data: { companyLogoUrl: `${LOGO_PATH}${key}`, updatedAt: new Date() },
    include: campaignInclude,
  });
  // the replaced upload goes: only this campaign's own (keys start with its id; a logo given as a link was never stored here)
  const replaced = c.companyLogoUrl?.startsWith(`${LOGO_PATH}${id}-`) ? c.companyLogoUrl.slice(LOGO_PATH.length) : null;
  if (replaced) await removeUpload('campaign_logos', replaced);
  return { campaign: campaignView(updated) };
}

export async function logoFile(file: string): Promise<Response> {
  const obj = isValidKey(file) ? await getStorage().get('campaign_logos', file) : null;
  if (!obj) throw notFound('No such image');
  return fileResponse(obj, { public: true });
}
