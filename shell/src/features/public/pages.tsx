import { Link } from '@portal/shared-ui';
import { PublicPage } from './PublicPage';

/** Company facts used across the static pages (docs/product.md "Public pages"). */
export const COMPANY = {
  name: 'Portal',
  founded: 'May 2025',
  supportEmail: 'support@portal.example',
  governingLaw: 'Delaware',
};

export function WhitePaperPage() {
  return (
    <PublicPage title="White Paper" subtitle="How Portal brings payments, work, investing and community together.">
      <h2>1. Abstract</h2>
      <p>
        Portal is a finance platform for individuals, freelancers, clients, startups and accredited investors. One
        account holds balances in several assets, pays and gets paid for freelance work through escrow, invests in
        startups and takes part in a community discussing finance.
      </p>
      <h2>2. The problem</h2>
      <p>
        People who earn, spend and invest across borders juggle banks, payment apps, freelance sites and investment
        platforms, each with its own fees, delays and sign-in. Money moves slowly between them and trust has to be
        rebuilt every time.
      </p>
      <h2>3. The platform</h2>
      <ul>
        <li>
          <strong>Multi-asset wallets:</strong> one wallet per asset, fiat and crypto, with exact balances and transfers
          to any user by e-mail.
        </li>
        <li>
          <strong>Freelance marketplace:</strong> projects, proposals, contracts and milestones paid from escrow; a 1%
          fee is taken from each milestone paid.
        </li>
        <li>
          <strong>Equity crowdfunding:</strong> founders publish campaigns after review; identity-verified, accredited
          investors declare investments.
        </li>
        <li>
          <strong>Social feed and messages:</strong> posts, comments and direct messages between members.
        </li>
      </ul>
      <h2>4. Ledger and fees</h2>
      <p>
        Every movement of money is a double-entry ledger transaction: entries always sum to zero and a wallet can never
        go below zero. Fees come from a published fee schedule and are shown before you confirm.
      </p>
      <h2>5. Security</h2>
      <p>
        Encryption in transit and at rest, a 4-digit transaction PIN for payments, multi-factor sign-in, rate limits on
        every sign-in form, and fraud monitoring. Bank accounts are linked through a third-party bank-linking provider;
        we never see your bank password.
      </p>
      <h2>6. Roadmap</h2>
      <p>
        Founded in {COMPANY.founded}, Portal starts with payments, the marketplace, crowdfunding and the feed. Trading
        is announced and will follow.
      </p>
    </PublicPage>
  );
}

export function AboutPage() {
  return (
    <PublicPage title="About Us" subtitle={`Founded in ${COMPANY.founded}.`}>
      <p>
        Portal was founded in {COMPANY.founded} with one idea: your money, your work and your investments belong in one
        place you can trust.
      </p>
      <h2>Our mission</h2>
      <p>
        To make moving money, finding work and backing new companies simple, fair and safe for everyone, wherever they
        live.
      </p>
      <h2>What we offer</h2>
      <ul>
        <li>Payments in fiat and crypto: send, receive and request money.</li>
        <li>A freelance marketplace with escrow and milestone payments.</li>
        <li>Equity crowdfunding for startups and accredited investors.</li>
        <li>A social feed for financial discussion, and AI chat support.</li>
      </ul>
      <h2>Get in touch</h2>
      <p>
        Questions, partnerships or press: <Link to="/contact-us">contact us</Link>.
      </p>
    </PublicPage>
  );
}

export function TermsPage() {
  return (
    <PublicPage title="Terms & Conditions" subtitle="Last updated: November 2026">
      <h2>1. Acceptance</h2>
      <p>
        By creating an account or using Portal you agree to these terms. If you do not agree, do not use the service.
      </p>
      <h2>2. Eligibility</h2>
      <p>
        You must be at least 18 years old to use Portal. By signing up you confirm that you are 18 or older and able to
        enter into a binding contract.
      </p>
      <h2>3. Your account</h2>
      <p>
        Keep your password, transaction PIN and one-time codes secret. You are responsible for activity on your account.
        Confirm your e-mail address within 48 hours of signing up, or the account may be disabled.
      </p>
      <h2>4. Payments and fees</h2>
      <p>
        Fees are shown before you confirm a transaction. All transactions and service fees are final: we do not offer
        refunds. Disputes are reviewed, but a refund is not guaranteed. Instant withdrawals carry a fee, and the time
        your bank takes may vary.
      </p>
      <h2>5. Marketplace and crowdfunding</h2>
      <p>
        Portal is not a party to contracts between clients and freelancers. Campaigns are reviewed before they are
        published; investing may require accredited-investor status and identity verification. Investing in startups is
        risky and you may lose the money you invest.
      </p>
      <h2>6. Acceptable use</h2>
      <p>
        Do not use Portal for fraud, money laundering, or anything unlawful. We may suspend accounts that break these
        terms.
      </p>
      <h2>7. Liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, Portal is not liable for indirect or consequential
        losses.
      </p>
      <h2>8. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of {COMPANY.governingLaw}, United States, without regard to
        its conflict-of-law rules. Disputes are resolved in the state or federal courts located in{' '}
        {COMPANY.governingLaw}.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about these terms: <Link to="/contact-us">contact us</Link>.
      </p>
    </PublicPage>
  );
}

export function PrivacyPage() {
  return (
    <PublicPage title="Privacy Policy" subtitle="Last updated: November 2026">
      <h2>What we collect</h2>
      <ul>
        <li>Account data: name, e-mail address, phone number (optional), username and profile picture.</li>
        <li>Identity verification (KYC) documents, when you submit them.</li>
        <li>Transactions, wallets, invoices, projects, campaigns, posts and messages you create.</li>
        <li>Technical data: IP address and device information, used for security and rate limits.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run the service, move money you ask us to move, verify identities, prevent fraud, meet legal obligations and
        answer support requests. We do not sell your personal data.
      </p>
      <h2>Sign-in providers</h2>
      <p>
        If you sign in with Google or Facebook we receive your name, e-mail address and an account identifier from that
        provider, and nothing else.
      </p>
      <h2>Bank linking</h2>
      <p>
        Bank accounts are linked through a third-party bank-linking provider. We receive account names, types and masked
        numbers, never your bank password.
      </p>
      <h2>Security and retention</h2>
      <p>
        Data is encrypted in transit and at rest. Passwords are stored only as slow one-way hashes. We keep records as
        long as the law requires for financial services, and delete the rest when you close your account.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your profile at any time and ask for a copy or deletion of your data through{' '}
        <Link to="/contact-us">the contact form</Link>.
      </p>
    </PublicPage>
  );
}
