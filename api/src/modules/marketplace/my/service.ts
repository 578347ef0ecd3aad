import { getPrisma } from '../../../platform/db/prisma.js';
import { contractInclude, contractView, projectInclude, projectView, proposalInclude, proposalView } from '../views.js';

const LIMIT = 100;
const newest = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

export async function myProjects(userId: string) {
  const rows = await getPrisma().project.findMany({
    where: { clientId: userId },
    include: projectInclude,
    orderBy: newest,
    take: LIMIT,
  });
  return { projects: rows.map(projectView) };
}

export async function myContracts(userId: string) {
  const rows = await getPrisma().projectContract.findMany({
    where: { freelancerId: userId },
    include: contractInclude,
    orderBy: newest,
    take: LIMIT,
  });
  return { contracts: rows.map(contractView) };
}

export async function myProposals(userId: string) {
  const rows = await getPrisma().projectProposal.findMany({
    where: { freelancerId: userId },
    orderBy: newest,
    take: LIMIT,
    include: {
      ...proposalInclude,
      project: { select: { id: true, title: true, status: true, currency: { select: { scale: true } } } },
    },
  });
  return {
    proposals: rows.map((p) => ({
      ...proposalView(p),
      project: { id: p.project.id, title: p.project.title, status: p.project.status },
    })),
  };
}
