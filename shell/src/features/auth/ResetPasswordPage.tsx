import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  HttpError,
  Input,
  Label,
  Link,
  Spinner,
  signOut,
  toast,
  useLocation,
  useNavigate,
  useSession,
} from '@portal/shared-ui';
import { authApi, failureText } from './api';
import type { PasswordResetDone } from './AuthPage';
import { Hint, PageHeading, PageWrap } from './parts';

const Message = styled.p`margin: 0 0 16px; font-size: 14px; line-height: 1.5;`;
const Checking = styled.div`display: flex; align-items: center; gap: 12px; padding: 8px 0; font-size: 14px;`;
const FieldError = styled.p`margin: 6px 0 0; font-size: 13px; color: ${(p) => p.theme.colors.destructive};`;

type LinkState = 'checking' | 'valid' | 'expired' | 'error';
const EXPIRED = 'This password reset link is invalid, has expired or was already used. Request a new one.';

/** The token travels in the fragment (#token=...), which browsers never send to a server. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * /reset-password#token=... (the link of the "Reset your Portal password" mail): checks the
 * link first (loading, expired, could-not-check states), then asks for the new password twice. The
 * server applies the sign-up password policy and signs every session out; this browser's too, so the
 * person goes to Login with the e-mail filled in.
 */
export function ResetPasswordPage() {
  const token = tokenOf(useLocation().hash);
  const navigate = useNavigate();
  const signedIn = useSession().status === 'signedIn';
  const [state, setState] = useState<LinkState>('checking');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const check = useCallback(async () => {
    if (!token) {
      setState('expired');
      return;
    }
    setState('checking');
    try {
      setState((await authApi.checkResetLink(token)).valid ? 'valid' : 'expired');
    } catch {
      setState('error');
    }
  }, [token]);
  useEffect(() => {
    void check();
  }, [check]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) {
      setProblem('Passwords do not match.');
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const { email } = await authApi.resetPassword(token, password);
      if (signedIn) await signOut().catch(() => {}); // the server already ended this session
      const done: PasswordResetDone = { passwordReset: { email } };
      navigate('/auth', { replace: true, state: done });
    } catch (err) {
      const fields =
        err instanceof HttpError ? (err.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      if (fields?.token) setState('expired');
      else if (fields?.password) setProblem(fields.password);
      else toast({ title: 'Password Reset Failed', description: failureText(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <PageWrap>
      <PageHeading>Reset Password</PageHeading>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{state === 'expired' ? 'Link Expired' : 'Choose a New Password'}</CardTitle>
          <CardDescription>
            {state === 'expired'
              ? 'Reset links work once and expire after 1 hour.'
              : 'Every device signed in to your account will be signed out.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {state === 'checking' && (
            <Checking role="status">
              <Spinner aria-hidden />
              Checking your reset link...
            </Checking>
          )}
          {state === 'error' && (
            <div role="alert">
              <Message>Could not check your reset link. Please try again.</Message>
              <Button type="button" $block onClick={() => void check()}>
                Try Again
              </Button>
            </div>
          )}
          {state === 'expired' && (
            <div role="alert">
              <Message>{EXPIRED}</Message>
              <Button as={Link} to="/auth?tab=forgot" $block>
                Request a New Link
              </Button>
            </div>
          )}
          {state === 'valid' && (
            <form onSubmit={onSubmit} aria-label="New password">
              <Field>
                <Label htmlFor="reset-password">New Password</Label>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={saving}
                  autoFocus
                />
                <Hint>At least 8 characters, and not a commonly used password.</Hint>
              </Field>
              <Field>
                <Label htmlFor="reset-confirm">Confirm New Password</Label>
                <Input
                  id="reset-confirm"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  disabled={saving}
                />
                {problem && <FieldError role="alert">{problem}</FieldError>}
              </Field>
              <Button type="submit" $block disabled={saving}>
                {saving ? 'Saving...' : 'Set New Password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageWrap>
  );
}
