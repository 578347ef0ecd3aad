import styled from 'styled-components';
import { Badge, Card, Link, countOf, formatDate, type ApiSchema } from '@portal/shared-ui';
import { Muted, Row, budgetText } from '../../../lib/ui';
import { cardSkills } from './skills';

const Box = styled(Card)`
  padding: 16px; display: flex; flex-direction: column; gap: 10px; min-width: 0;
  h2 { font-size: 17px; margin: 0; overflow-wrap: anywhere; }
  h2 a { color: inherit; text-decoration: none; }
  h2 a:hover { text-decoration: underline; }
`;
const Excerpt = styled.p`
  margin: 0; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground}; overflow-wrap: anywhere;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
`;
const Budget = styled.div`font-weight: 600;`;
/** '+N more' as the spec writes it (badges capitalise their words) */
const MoreBadge = styled(Badge)`text-transform: none;`;

/** A project on Find work: title, budget, an excerpt, at most 3 skills then '+N more', client and date. */
export function ProjectCard({ project }: { project: ApiSchema<'Project'> }) {
  const { visible, more } = cardSkills(project.skills_required);
  return (
    <Box as="article" data-testid="project-card">
      <h2>
        <Link to={`/project/${project.id}`}>{project.title}</Link>
      </h2>
      <Budget>
        {budgetText(project.budget_amount, project.currency, project.budget_type)}{' '}
        <Muted as="span">· {project.budget_type === 'hourly' ? 'Hourly' : 'Fixed price'}</Muted>
      </Budget>
      <Excerpt>{project.description}</Excerpt>
      <Row>
        {visible.map((s) => (
          <Badge key={s} $kind="blue">
            {s}
          </Badge>
        ))}
        {more && <MoreBadge>{more}</MoreBadge>}
      </Row>
      <Muted>
        {project.client.full_name ?? project.client.username ?? 'Client'} · {formatDate(project.created_at)} ·{' '}
        {countOf(project.proposal_count, 'proposal', 'proposals')}
      </Muted>
    </Box>
  );
}
