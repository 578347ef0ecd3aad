import styled from 'styled-components';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, media } from '@portal/shared-ui';

const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr; margin-bottom: 24px;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
`;
const Big = styled.div`font-size: 28px; font-weight: 700;`;
const Item = styled.li`
  padding: 10px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; font-size: 14px;
  &:last-child { border-bottom: 0; }
  span { color: ${(p) => p.theme.colors.mutedForeground}; float: right; }
`;

/** Admin dashboard: fixed sample figures (spec 001 §9: placeholders until live figures exist). */
const figures = [
  { title: 'Total Users', value: '1,250', note: '+20 this week' },
  { title: 'Open Tickets', value: '15', note: '3 urgent' },
  { title: 'Platform Volume (24h)', value: '$45,231.89', note: '+12% from yesterday' },
];
const activity = [
  ['New user registered', '2 minutes ago'],
  ['Support ticket opened', '15 minutes ago'],
  ['KYC documents submitted', '1 hour ago'],
  ['Campaign submitted for review', '3 hours ago'],
];

export function OverviewPage() {
  return (
    <section data-testid="admin-dashboard">
      <h1 style={{ marginTop: 0, fontSize: 24 }}>Admin Dashboard</h1>
      <Grid>
        {figures.map((f) => (
          <Card key={f.title}>
            <CardHeader>
              <CardTitle>{f.title}</CardTitle>
              <CardDescription>Sample figure</CardDescription>
            </CardHeader>
            <CardContent>
              <Big>{f.value}</Big>
              <CardDescription>{f.note}</CardDescription>
            </CardContent>
          </Card>
        ))}
      </Grid>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
          <CardDescription>Placeholder list</CardDescription>
        </CardHeader>
        <CardContent>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {activity.map(([what, when]) => (
              <Item key={what}>{what}<span>{when}</span></Item>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
