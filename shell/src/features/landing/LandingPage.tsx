import styled from 'styled-components';
import { Button, Card, media, Link } from '@portal/shared-ui';

const Hero = styled.section`
  text-align: center; padding: 56px 0 40px;
  h1 { font-size: clamp(30px, 5vw, 48px); line-height: 1.1; margin: 0 0 16px; letter-spacing: -0.02em; }
  p { font-size: 18px; color: ${(p) => p.theme.colors.mutedForeground}; max-width: 640px; margin: 0 auto 28px; }
  div { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; }
`;
const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
`;
const Feature = styled(Card)`
  padding: 20px; display: flex; flex-direction: column; gap: 8px;
  h3 { margin: 0; font-size: 16px; }
  p { margin: 0; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; flex: 1; }
`;
const Section = styled.section`
  padding: 40px 0;
  h2 { font-size: 26px; text-align: center; margin: 0 0 24px; }
`;

const features: { title: string; text: string; link?: [string, string] }[] = [
  { title: 'Payments in fiat and crypto', text: 'Link bank accounts and cards; send, receive and request money.', link: ['Explore Payments', '/pay'] },
  { title: 'Freelance marketplace', text: 'Hire talent or find work with escrow and milestone payments.', link: ['Find Work or Hire Talent', '/find-work'] },
  { title: 'Equity crowdfunding', text: 'Invest in startups or raise capital for your own.', link: ['Browse Campaigns', '/browse-campaigns'] },
  { title: 'Social feed', text: 'Discuss markets and money with the community.', link: ['Join the Conversation', '/feed'] },
  { title: 'Advanced security', text: 'AES-256 encryption, PIN and multi-factor authentication.' },
  { title: 'Investor portal', text: 'Opportunities for accredited investors.' },
  { title: 'AI support', text: 'Chat support around the clock.' },
  { title: 'Cloud architecture', text: 'Built to scale and stay available.' },
  { title: 'User experience', text: 'Simple, fast and accessible on every device.' },
];

/** Minimal landing page (spec 000 §2 Landing); completed in its own issue. */
export function LandingPage() {
  return (
    <>
      <Hero>
        <h1>Your money, work and investments in one place</h1>
        <p>Payments in fiat and crypto, a freelance marketplace, equity crowdfunding and a social feed for financial discussion.</p>
        <div>
          <Button as={Link} to="/auth" $size="lg">Get Started</Button>
          <Button type="button" $variant="outline" $size="lg" onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })}>Learn More</Button>
        </div>
      </Hero>
      <Section id="features">
        <h2>Everything you need</h2>
        <Grid>
          {features.map((f) => (
            <Feature key={f.title}>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
              {f.link && <Button as={Link} to={f.link[1]} $variant="outline" $size="sm">{f.link[0]}</Button>}
            </Feature>
          ))}
        </Grid>
      </Section>
      <Section>
        <h2>Ready to start?</h2>
        <div style={{ textAlign: 'center' }}><Button as={Link} to="/auth" $size="lg">Sign Up Now</Button></div>
      </Section>
    </>
  );
}
