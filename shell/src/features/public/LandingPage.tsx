import styled from 'styled-components';
import { Button, Card, Link, media } from '@portal/shared-ui';
import { Icon, type IconName } from './icons';

const Hero = styled.section`
  text-align: center; padding: 48px 8px 40px;
  .eyebrow { display: inline-block; font-size: 13px; font-weight: 600; color: ${(p) => p.theme.colors.primaryHover}; /* 5.5:1 on #dbeafe */
    background: #dbeafe; border-radius: ${(p) => p.theme.radius.full}; padding: 4px 12px; margin-bottom: 16px; }
  h1 { font-size: clamp(30px, 6vw, 52px); line-height: 1.08; margin: 0 0 16px; letter-spacing: -0.03em; }
  h1 span { color: ${(p) => p.theme.colors.primary}; }
  p { font-size: 18px; color: ${(p) => p.theme.colors.mutedForeground}; max-width: 640px; margin: 0 auto 28px; }
  .actions { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; }
`;
const Section = styled.section`
  padding: 40px 0; scroll-margin-top: 72px;
  > h2 { font-size: clamp(24px, 4vw, 32px); text-align: center; margin: 0 0 8px; letter-spacing: -0.02em; }
  > p.lead { text-align: center; color: ${(p) => p.theme.colors.mutedForeground}; margin: 0 auto 28px; max-width: 600px; }
`;
const Grid = styled.div`
  display: grid; gap: 16px; grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: repeat(3, 1fr); }
`;
const Feature = styled(Card)`
  padding: 20px; display: flex; flex-direction: column; gap: 10px;
  h3 { margin: 0; font-size: 17px; }
  p { margin: 0; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; flex: 1; }
  .icon { width: 40px; height: 40px; border-radius: 10px; display: inline-flex; align-items: center; justify-content: center;
    background: #eff6ff; color: ${(p) => p.theme.colors.primary}; }
  a { align-self: flex-start; }
`;
const Security = styled(Card)`
  display: grid; gap: 24px; padding: 28px; grid-template-columns: 1fr; background: #0f172a; color: #e2e8f0; border: 0;
  ${media.md} { grid-template-columns: 1fr 1fr; padding: 40px; align-items: center; }
  h2 { color: #fff; margin: 0 0 12px; font-size: clamp(24px, 4vw, 30px); letter-spacing: -0.02em; }
  p { margin: 0 0 20px; color: #cbd5e1; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 14px; }
  li { display: flex; gap: 12px; align-items: flex-start; }
  li strong { display: block; color: #fff; }
  li span.text { font-size: 14px; color: #cbd5e1; }
  li .icon { flex: none; color: #93c5fd; margin-top: 2px; }
`;
const Cta = styled(Card)`
  text-align: center; padding: 40px 20px; background: linear-gradient(135deg, #2563eb, #1e40af); color: #fff; border: 0;
  h2 { margin: 0 0 8px; font-size: clamp(24px, 4vw, 30px); }
  p { margin: 0 auto 24px; color: #dbeafe; max-width: 520px; }
`;
const Light = styled(Button)`background: #fff; color: #1e40af; &:hover:not(:disabled) { background: #eff6ff; }`;

interface FeatureItem {
  icon: IconName;
  title: string;
  text: string;
  link?: [string, string];
}
/** docs/product.md "Public pages": nine cards; four link onward, five do not. */
export const FEATURES: FeatureItem[] = [
  {
    icon: 'wallet',
    title: 'Payments in Fiat & Crypto',
    text: 'Link bank accounts and cards, then send, receive and request money in dollars, euros and crypto.',
    link: ['Explore Payments', '/pay'],
  },
  {
    icon: 'briefcase',
    title: 'Freelance Marketplace',
    text: 'Post projects or find work. Escrow and milestone payments keep both sides safe.',
    link: ['Find Work or Hire Talent', '/find-work'],
  },
  {
    icon: 'rocket',
    title: 'Equity Crowdfunding',
    text: 'Invest in promising startups, or raise capital for your own company.',
    link: ['Browse Campaigns', '/browse-campaigns'],
  },
  {
    icon: 'chat',
    title: 'Social Finance Feed',
    text: 'Share ideas and discuss markets, money and work with the community.',
    link: ['Join the Conversation', '/feed'],
  },
  {
    icon: 'shield',
    title: 'Advanced Security',
    text: 'AES-256 encryption, a transaction PIN, multi-factor authentication and fraud detection.',
  },
  {
    icon: 'chart',
    title: 'Investor Portal',
    text: 'A dedicated space for accredited investors to follow opportunities and their investments.',
  },
  {
    icon: 'bot',
    title: 'AI Chat Support',
    text: 'Answers to common questions at any hour, with our support team behind it.',
  },
  {
    icon: 'cloud',
    title: 'Cloud Architecture',
    text: 'Built to scale and to stay available, with your data backed up.',
  },
  {
    icon: 'sparkle',
    title: 'User Experience',
    text: 'Simple, fast and accessible on every device, from phone to desktop.',
  },
];

const SECURITY: { icon: IconName; title: string; text: string }[] = [
  { icon: 'lock', title: 'AES-256 encryption', text: 'Your data is encrypted in transit and at rest.' },
  {
    icon: 'key',
    title: 'PIN and multi-factor authentication',
    text: 'A 4-digit transaction PIN and a second factor protect every payment.',
  },
  { icon: 'finger', title: 'Biometric login', text: 'Sign in with your fingerprint or face on supported devices.' },
  { icon: 'eye', title: 'AI fraud detection', text: 'Unusual activity is flagged and reviewed before money moves.' },
];

/** / (docs/product.md "Public pages"). No data is fetched: the page paints from the bundle alone. */
export function LandingPage() {
  return (
    <>
      <Hero>
        <span className="eyebrow">Payments · Freelance · Crowdfunding · Community</span>
        <h1>
          Your money, work and investments <span>in one place</span>
        </h1>
        <p>
          Send and receive money in fiat and crypto, hire or get hired with escrow, invest in startups and talk finance
          with people who care about it.
        </p>
        <div className="actions">
          <Button as={Link} to="/auth" $size="lg">
            Get Started
          </Button>
          <Button
            type="button"
            $variant="outline"
            $size="lg"
            onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })}
          >
            Learn More
          </Button>
        </div>
      </Hero>

      <Section id="features" aria-labelledby="features-title">
        <h2 id="features-title">Everything you need to grow your finances</h2>
        <p className="lead">One account for payments, work, investing and conversation.</p>
        <Grid>
          {FEATURES.map((f) => (
            <Feature key={f.title} as="article" data-testid="feature-card">
              <span className="icon">
                <Icon name={f.icon} />
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
              {f.link && (
                <Button as={Link} to={f.link[1]} $variant="outline" $size="sm">
                  {f.link[0]}
                </Button>
              )}
            </Feature>
          ))}
        </Grid>
      </Section>

      <Section id="security" aria-label="Security">
        <Security>
          <div>
            <h2>Security you can rely on</h2>
            <p>
              Moving money needs trust. We protect your account and your funds at every step, and link banks only
              through a regulated third-party bank-linking provider.
            </p>
            {/* Decision (docs/decisions.md): the spec does not say what this button does; it opens the FAQ's Security & Privacy answers. */}
            <Light as={Link} to="/faqs#security-privacy" $size="lg">
              Explore Security Measures
            </Light>
          </div>
          <ul data-testid="security-bullets">
            {SECURITY.map((s) => (
              <li key={s.title}>
                <span className="icon">
                  <Icon name={s.icon} />
                </span>
                <span>
                  <strong>{s.title}</strong>
                  <span className="text">{s.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </Security>
      </Section>

      <Section aria-label="Get started">
        <Cta>
          <h2>Ready to take control of your finances?</h2>
          <p>Create your free account in a minute.</p>
          <Light as={Link} to="/auth?tab=signup" $size="lg">
            Sign Up Now
          </Light>
        </Cta>
      </Section>
    </>
  );
}
