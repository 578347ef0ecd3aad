import styled from 'styled-components';
import { Avatar, Card, Link, countOf, type ApiSchema } from '@portal/shared-ui';
import { Muted, Progress, Row, moneyText } from '../../../lib/ui';

const Box = styled(Card)`
  padding: 16px; display: flex; flex-direction: column; gap: 10px; min-width: 0;
  h2 { font-size: 17px; margin: 0; overflow-wrap: anywhere; } h2 a { color: inherit; text-decoration: none; } h2 a:hover { text-decoration: underline; }
`;
const Tagline = styled.p`margin: 0; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground}; overflow-wrap: anywhere;`;

/** A live campaign on Browse: logo, name, tagline, progress, raised of target, investors, days left. */
export function CampaignCard({ campaign: c }: { campaign: ApiSchema<'Campaign'> }) {
  return (
    <Box as="article" data-testid="campaign-card">
      <Row>
        <Avatar src={c.company_logo_url} name={c.company_name} size={40} />
        <h2>
          <Link to={`/campaign/${c.id}`}>{c.company_name}</Link>
        </h2>
      </Row>
      {c.tagline && <Tagline>{c.tagline}</Tagline>}
      <Progress percent={c.progress_percent} />
      <Row style={{ justifyContent: 'space-between', fontSize: 14 }}>
        <strong>{moneyText(c.funds_raised, c.currency)} raised</strong>
        <Muted as="span">
          {c.progress_percent}% of {moneyText(c.target_amount, c.currency)}
        </Muted>
      </Row>
      <Muted>
        {countOf(c.investor_count, 'investor', 'investors')} · {c.equity_offered_percentage}% equity
        {c.days_left !== null ? ` · ${countOf(c.days_left, 'day', 'days')} left` : ''}
      </Muted>
    </Box>
  );
}
