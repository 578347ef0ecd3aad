import styled from 'styled-components';
import { Button, Card, Link } from '@portal/shared-ui';

const Wrap = styled(Card)`
  max-width: 800px; margin: 40px auto; padding: 32px;
  h1 { margin: 16px 0 8px; font-size: 28px; }
  p { color: ${(p) => p.theme.colors.mutedForeground}; }
`;

/** Placeholder for the static pages of spec 001 §2 (content comes with their own issue). */
export function StaticPage({ title }: { title: string }) {
  return (
    <Wrap as="article">
      <Button as={Link} to="/" $variant="outline" $size="sm">Back to Home</Button>
      <h1>{title}</h1>
      <p>This page is being written. Founded May 2025.</p>
    </Wrap>
  );
}
