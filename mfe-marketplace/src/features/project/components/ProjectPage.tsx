import styled from 'styled-components';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Link,
  Spinner,
  countOf,
  errorMessage,
  formatDate,
  toast,
  useNavigate,
  useParams,
  type ApiSchema,
  isNotFound,
  useLiveTopics,
} from '@portal/shared-ui';
import { Back, Grid2, Muted, Page, Row, StatusBadge, UserText, budgetText, moneyText } from '../../../lib/ui';
import { projectApi, useAcceptProposalMutation, useCloseProposalMutation, useGetProjectQuery } from '../api/project';
import { ProposalForm } from './ProposalForm';

const Proposal = styled.li`
  list-style: none; padding: 14px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &:last-child { border-bottom: 0; }
`;
const Facts = styled.dl`display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0; font-size: 14px; dt { color: ${(p) => p.theme.colors.mutedForeground}; } dd { margin: 0; }`;

type Proposal = ApiSchema<'Proposal'>;
const who = (p: { full_name: string | null; username: string | null }) => p.full_name ?? p.username ?? 'User';

/** /project/{projectId} (docs/product.md "Marketplace"): the project, its client and currency; proposals for the owner, the proposal form or status for others. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isLoading, error } = useGetProjectQuery(projectId);
  useLiveTopics([`project:${projectId}`], projectApi, [{ type: 'Project', id: projectId }]);
  const [accept, accepting] = useAcceptProposalMutation();
  const [close, closing] = useCloseProposalMutation();

  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading project...
      </CenteredMessage>
    );
  if (error || !data) {
    return (
      <Page>
        <Back to="/find-work">← Back to Find Work</Back>
        <CenteredMessage role="alert" data-testid="project-not-found">
          {isNotFound(error) || !error
            ? 'Project not found.'
            : `Error fetching project details: ${errorMessage(error)}`}
        </CenteredMessage>
      </Page>
    );
  }
  const { project, role, proposals, my_proposal: mine } = data;
  const isOpen = project.status === 'open';

  const onAccept = async (p: Proposal) => {
    try {
      const { contract_id } = await accept({ id: p.id, projectId }).unwrap();
      toast({ title: 'Proposal Accepted!', description: 'A contract was created. Add a milestone to fund the work.' });
      navigate(`/contract/${contract_id}`);
    } catch (err) {
      toast({ title: 'Failed to Accept Proposal', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const onClose = async (p: Proposal, action: 'reject' | 'withdraw') => {
    try {
      await close({ id: p.id, projectId, action }).unwrap();
      toast(
        action === 'reject'
          ? { title: 'Proposal Rejected', description: 'The freelancer will see it as rejected.' }
          : { title: 'Proposal Withdrawn', description: 'You may send a new proposal while the project is open.' },
      );
    } catch (err) {
      toast({
        title: action === 'reject' ? 'Failed to Reject Proposal' : 'Failed to Withdraw Proposal',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <Page>
      <Back to="/find-work">← Back to Find Work</Back>
      <Grid2>
        <div style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          <Card>
            <CardHeader>
              <Row style={{ justifyContent: 'space-between' }}>
                <CardTitle as="h1" style={{ fontSize: 24, overflowWrap: 'anywhere' }}>
                  {project.title}
                </CardTitle>
                <StatusBadge status={project.status} />
              </Row>
            </CardHeader>
            <CardContent>
              <UserText>{project.description}</UserText>
              <Row style={{ marginTop: 16 }}>
                {project.skills_required.map((s) => (
                  <Badge key={s} $kind="blue">
                    {s}
                  </Badge>
                ))}
              </Row>
              {role === 'client' && (
                <Row style={{ marginTop: 16 }}>
                  {isOpen && (
                    <Button as={Link} to={`/post-project?edit=${project.id}`} $variant="outline">
                      Edit
                    </Button>
                  )}
                  <Button type="button" $variant="destructive" disabled title="Soon">
                    Delete (Soon)
                  </Button>
                </Row>
              )}
            </CardContent>
          </Card>
          {role === 'client' ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Proposals</CardTitle>
              </CardHeader>
              <CardContent>
                {proposals.length === 0 ? (
                  <Muted data-testid="no-proposals">No proposals have been submitted for this project yet.</Muted>
                ) : (
                  <ul style={{ margin: 0, padding: 0 }}>
                    {proposals.map((p) => (
                      <Proposal key={p.id} data-testid="proposal">
                        <Row style={{ justifyContent: 'space-between' }}>
                          <Row>
                            <Avatar src={p.freelancer.avatar_url} name={who(p.freelancer)} size={32} />
                            <strong>{who(p.freelancer)}</strong>
                          </Row>
                          <StatusBadge status={p.status} />
                        </Row>
                        <UserText style={{ margin: '8px 0' }}>{p.proposal_text}</UserText>
                        <Muted>
                          {p.proposed_amount
                            ? moneyText(p.proposed_amount, project.currency)
                            : 'No amount proposed (the budget applies)'}
                          {p.estimated_duration_days ? ` · ${countOf(p.estimated_duration_days, 'day', 'days')}` : ''} ·{' '}
                          {formatDate(p.created_at)}
                        </Muted>
                        {p.status === 'submitted' && isOpen && (
                          <Row style={{ marginTop: 8 }}>
                            <Button type="button" $size="sm" disabled={accepting.isLoading} onClick={() => onAccept(p)}>
                              Accept
                            </Button>
                            <Button
                              type="button"
                              $size="sm"
                              $variant="outline"
                              disabled={closing.isLoading}
                              onClick={() => onClose(p, 'reject')}
                            >
                              Reject
                            </Button>
                          </Row>
                        )}
                        {p.status === 'accepted' && p.contract_id && (
                          <Link to={`/contract/${p.contract_id}`}>View Contract</Link>
                        )}
                      </Proposal>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          ) : mine ? (
            <Card data-testid="my-proposal">
              <CardHeader>
                <CardTitle as="h2">Your Proposal</CardTitle>
              </CardHeader>
              <CardContent>
                <Row style={{ marginBottom: 8 }}>
                  <StatusBadge status={mine.status} />
                </Row>
                <UserText>{mine.proposal_text}</UserText>
                <Muted style={{ marginTop: 8 }}>
                  {mine.proposed_amount ? moneyText(mine.proposed_amount, project.currency) : 'No amount proposed'}
                  {mine.estimated_duration_days ? ` · ${countOf(mine.estimated_duration_days, 'day', 'days')}` : ''}
                </Muted>
                <Row style={{ marginTop: 12 }}>
                  {mine.status === 'submitted' && (
                    <Button
                      type="button"
                      $size="sm"
                      $variant="outline"
                      disabled={closing.isLoading}
                      onClick={() => onClose(mine, 'withdraw')}
                    >
                      Withdraw
                    </Button>
                  )}
                  {mine.status === 'accepted' && mine.contract_id && (
                    <Button as={Link} to={`/contract/${mine.contract_id}`} $size="sm">
                      View Contract
                    </Button>
                  )}
                </Row>
              </CardContent>
            </Card>
          ) : isOpen ? (
            <ProposalForm projectId={project.id} symbol={project.currency.symbol} />
          ) : (
            <Muted>This project is no longer open for proposals.</Muted>
          )}
        </div>
        <Card style={{ alignSelf: 'start' }}>
          <CardHeader>
            <CardTitle as="h2">About the project</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts>
              <dt>Budget</dt>
              <dd>{budgetText(project.budget_amount, project.currency, project.budget_type)}</dd>
              <dt>Type</dt>
              <dd>{project.budget_type === 'hourly' ? 'Hourly' : 'Fixed price'}</dd>
              <dt>Currency</dt>
              <dd>
                {project.currency.symbol} · {project.currency.name}
              </dd>
              <dt>Deadline</dt>
              <dd>{project.deadline ? formatDate(`${project.deadline}T00:00:00Z`) : 'None'}</dd>
              <dt>Client</dt>
              <dd>{who(project.client)}</dd>
              <dt>Posted</dt>
              <dd>{formatDate(project.created_at)}</dd>
            </Facts>
          </CardContent>
        </Card>
      </Grid2>
    </Page>
  );
}
