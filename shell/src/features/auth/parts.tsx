import { useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@portal/shared-ui';
import type { AuthConfig, OAuthProvider } from './api';

export const Divider = styled.div`
  display: flex; align-items: center; gap: 12px; margin: 20px 0 16px; font-size: 12px; text-transform: uppercase;
  color: ${(p) => p.theme.colors.mutedForeground};
  &::before, &::after { content: ''; flex: 1; height: 1px; background: ${(p) => p.theme.colors.border}; }
`;
const Row = styled.div<{
  $columns: number;
}>`display: grid; grid-template-columns: repeat(${(p) => p.$columns}, 1fr); gap: 12px;`;
/** The column and title of the signed-out card pages (/auth, /reset-password). */
export const PageWrap = styled.div`max-width: 440px; margin: 24px auto 32px;`;
export const PageHeading = styled.h1`font-size: 24px; text-align: center; margin: 0 0 20px; letter-spacing: -0.01em;`;
export const Hint = styled.p`margin: 6px 0 0; font-size: 12px; color: ${(p) => p.theme.colors.mutedForeground};`;

const GoogleIcon = () => (
  <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden>
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);
const FacebookIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden>
    <path
      fill="#1877F2"
      d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
    />
  </svg>
);
const PROVIDERS: { id: OAuthProvider; name: string; Icon: ComponentType }[] = [
  { id: 'google', name: 'Google', Icon: GoogleIcon },
  { id: 'facebook', name: 'Facebook', Icon: FacebookIcon },
];

/**
 * Google and Facebook buttons under "Or continue with" / "Or sign up with" (docs/product.md "Sign-in and sessions"), each only
 * when the server has that provider configured (GET /api/auth/config); none while the configuration
 * loads or when it could not be read, so a button never answers "not configured".
 */
export function SocialButtons({
  label,
  busy,
  config,
  onProvider,
}: {
  label: string;
  busy: boolean;
  config: AuthConfig | null;
  onProvider: (p: OAuthProvider) => void;
}) {
  const shown = PROVIDERS.filter((p) => config?.providers[p.id]);
  if (!shown.length) return null;
  return (
    <>
      <Divider>{label}</Divider>
      <Row $columns={shown.length}>
        {shown.map((p) => (
          <Button key={p.id} type="button" $variant="outline" disabled={busy} onClick={() => onProvider(p.id)}>
            <p.Icon />
            {p.name}
          </Button>
        ))}
      </Row>
    </>
  );
}

type Run = (fn: () => Promise<void>) => Promise<void>;

/**
 * A form's submit under the page's shared busy flag (`run`), plus the form's own `submitting` for
 * its busy label ("Logging in...", "Signing up...", "Sending...").
 */
export function useFormSubmit(run: Run, action: () => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    await run(action);
    setSubmitting(false);
  };
  return { submitting, onSubmit };
}
