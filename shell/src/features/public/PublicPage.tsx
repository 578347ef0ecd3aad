import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Link } from '@portal/shared-ui';

const Wrap = styled(Card)`
  max-width: 860px; margin: 24px auto; padding: 24px;
  @media (min-width: 768px) { padding: 40px; }
  h1 { margin: 20px 0 8px; font-size: clamp(26px, 4vw, 34px); letter-spacing: -0.02em; }
  .subtitle { margin: 0 0 24px; color: ${(p) => p.theme.colors.mutedForeground}; }
  h2 { font-size: 19px; margin: 28px 0 8px; scroll-margin-top: 80px; }
  p, li { color: #334155; font-size: 15px; }
  ul, ol { padding-left: 22px; }
  a:not([data-button]) { color: ${(p) => p.theme.colors.primary}; }
`;

/** Frame of the static pages of docs/product.md "Public pages": Back to Home to /, a title, the content. */
export function PublicPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Wrap as="article">
      <Button as={Link} to="/" $variant="outline" $size="sm" data-button>
        ← Back to Home
      </Button>
      <h1>{title}</h1>
      {subtitle && <p className="subtitle">{subtitle}</p>}
      {children}
    </Wrap>
  );
}
