import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { API_BASE, Button, Field, getAccessToken, Input, Label, toast } from '@portal/shared-ui';
import { COMPANY } from './pages';
import { PublicPage } from './PublicPage';

const Textarea = styled(Input).attrs({
  as: 'textarea',
})`height: auto; min-height: 140px; padding: 10px 12px; resize: vertical; font-family: inherit;`;
const Two = styled.div`display: grid; gap: 0 16px; grid-template-columns: 1fr; @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }`;

export const CONTACT_FALLBACK = 'Could not send your message. Please try again or use the email below.';

/** /contact-us (docs/product.md "Public pages": all four fields required; contact_messages insert; error toast). */
export function ContactPage() {
  const empty = { name: '', email: '', subject: '', message: '' };
  const [form, setForm] = useState(empty);
  const [sending, setSending] = useState(false);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    try {
      const token = getAccessToken();
      const res = await fetch(`${API_BASE}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(form),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as {
          error?: string;
          details?: { fields?: Record<string, string> };
        };
        const fields = body.details?.fields ? Object.values(body.details.fields).join(' ') : '';
        throw new Error(fields || body.error || CONTACT_FALLBACK);
      }
      toast({
        title: 'Message Sent',
        description: 'Thank you for contacting us. We will respond within 7 business days.',
        variant: 'success',
      });
      setForm(empty);
    } catch (err) {
      toast({
        title: 'Error Sending Message',
        description: err instanceof Error && !(err instanceof TypeError) ? err.message : CONTACT_FALLBACK,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <PublicPage title="Contact Us" subtitle="Questions, feedback or partnership ideas? Send us a message.">
      <form onSubmit={onSubmit} aria-label="Contact form">
        <Two>
          <Field>
            <Label htmlFor="contact-name">Name</Label>
            <Input
              id="contact-name"
              required
              autoComplete="name"
              value={form.name}
              onChange={set('name')}
              disabled={sending}
            />
          </Field>
          <Field>
            <Label htmlFor="contact-email">Email</Label>
            <Input
              id="contact-email"
              type="email"
              required
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              disabled={sending}
            />
          </Field>
        </Two>
        <Field>
          <Label htmlFor="contact-subject">Subject</Label>
          <Input id="contact-subject" required value={form.subject} onChange={set('subject')} disabled={sending} />
        </Field>
        <Field>
          <Label htmlFor="contact-message">Message</Label>
          <Textarea id="contact-message" required value={form.message} onChange={set('message')} disabled={sending} />
        </Field>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
      <p style={{ marginTop: 24 }}>
        Or e-mail us at <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>. We answer within 7
        business days.
      </p>
    </PublicPage>
  );
}
