import { useEffect } from 'react';
import styled from 'styled-components';
import { Accordion, useLocation } from '@portal/shared-ui';
import { PublicPage } from './PublicPage';

const Category = styled.section`margin-top: 28px; h2 { margin-bottom: 4px; }`;

interface Faq {
  q: string;
  a: string;
}
/**
 * docs/product.md "Public pages": six categories, five named; the sixth (our choice, docs/decisions.md) is Security &
 * Privacy. Each category is its own single-open accordion. The answers state the spec's facts.
 */
export const FAQ: { id: string; title: string; items: Faq[] }[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        q: 'What is Portal?',
        a: 'A finance platform that combines multi-asset wallets and payments, a freelance marketplace, equity crowdfunding and a social feed for financial discussion.',
      },
      {
        q: 'Who can use Portal?',
        a: 'Anyone aged 18 or older. Investing in campaigns may additionally require accredited-investor status and identity verification.',
      },
      {
        q: 'Are payments refundable?',
        a: 'No. We have a strict no-refund policy on every transaction and service fee. Disputes are reviewed case by case, but a refund is not guaranteed.',
      },
    ],
  },
  {
    id: 'payments-wallets',
    title: 'Payments & Wallets',
    items: [
      {
        q: 'What fees do I pay?',
        a: 'Fees depend on the transaction and are always shown before you confirm it, so you never pay a fee you have not seen.',
      },
      {
        q: 'How do instant withdrawals work?',
        a: 'Instant withdrawals to a linked bank account carry a fee. We send the money at once, but the time your bank takes to show it may vary.',
      },
      {
        q: 'I forgot my transaction PIN. How do I reset it?',
        a: 'Resetting your PIN requires identity verification, to make sure only you can move your money. Contact support to start.',
      },
      {
        q: 'Can I get a refund for a payment I sent?',
        a: 'No. Transactions and their fees are final. If something went wrong, open a dispute through support; it is reviewed, but a refund is not guaranteed.',
      },
    ],
  },
  {
    id: 'freelance-marketplace',
    title: 'Freelance Marketplace',
    items: [
      {
        q: 'How are freelancers paid?',
        a: 'Clients fund milestones. When a milestone is approved, the payment is released to the freelancer, minus a 1% fee shown before approval.',
      },
      {
        q: 'What if a client and a freelancer disagree?',
        a: 'Either side can open a dispute. It is reviewed by our team; there are no guaranteed refunds.',
      },
    ],
  },
  {
    id: 'equity-fundraising',
    title: 'Equity Fundraising',
    items: [
      {
        q: 'How do I raise capital?',
        a: 'Create a campaign with your pitch, target and terms. Every campaign is subject to review before it is published.',
      },
      {
        q: 'Who can invest?',
        a: 'Investors may need to be accredited and must have their identity verified. Investments start as pending until they are verified.',
      },
    ],
  },
  {
    id: 'customer-support',
    title: 'Customer Support',
    items: [
      { q: 'How quickly will support answer?', a: 'Our support team answers every ticket within 7 business days.' },
      {
        q: 'How do I contact support?',
        a: 'Open a ticket from Customer Support when logged in, or use the Contact Us form. Include your customer ID so we can help faster.',
      },
    ],
  },
  {
    id: 'security-privacy',
    title: 'Security & Privacy',
    items: [
      {
        q: 'How is my account protected?',
        a: 'With encryption in transit and at rest, a 4-digit transaction PIN for payments, multi-factor sign-in, rate limits on sign-in attempts and fraud monitoring.',
      },
      {
        q: 'Why must I confirm my e-mail address?',
        a: 'Confirming proves the address is yours. Accounts whose e-mail is not confirmed within 48 hours may be disabled.',
      },
      { q: 'Do you sell my data?', a: 'No. See our Privacy Policy for what we collect and why.' },
    ],
  },
];

/** /faqs (docs/product.md "Public pages"). A #category hash scrolls to that category. */
export function FaqPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <PublicPage title="Frequently Asked Questions" subtitle="Answers to the questions we hear most often.">
      {FAQ.map((c) => (
        <Category key={c.id} id={c.id} aria-labelledby={`${c.id}-title`} data-testid="faq-category">
          <h2 id={`${c.id}-title`}>{c.title}</h2>
          <Accordion items={c.items.map((f, i) => ({ id: `${c.id}-${i}`, title: f.q, content: f.a }))} />
        </Category>
      ))}
    </PublicPage>
  );
}
