import { useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Label, toast } from '@portal/shared-ui';
import { authApi, failureText, secondStepOf, type AuthConfig, type OAuthProvider, type SecondStep } from './api';
import { PasskeyButton } from './PasskeyButton';
import { usePasskeyAutofill } from './usePasskeyAutofill';
import { SocialButtons, useFormSubmit } from './parts';
import { SecondStepForm } from './SecondStepForm';
import { useSignedIn } from './useSignedIn';

const LabelRow = styled.div`display: flex; justify-content: space-between; align-items: baseline; gap: 8px;`;
const ForgotLink = styled(Button)`padding: 0; height: auto; font-size: 13px;`;

/** Email + password login (docs/product.md "Sign-in and sessions": Login card; both required), with "Forgot password?". */
export function LoginForm({
  busy,
  run,
  onProvider,
  onForgot,
  config,
  initialEmail = '',
  initialSecondStep = null,
}: {
  busy: boolean;
  run: (fn: () => Promise<void>) => Promise<void>;
  onProvider: (p: OAuthProvider) => void;
  onForgot: (email: string) => void;
  config: AuthConfig | null;
  initialEmail?: string;
  /** The second step another way in (OAuth, One Tap) was answered with. */
  initialSecondStep?: SecondStep | null;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(initialSecondStep);
  const signedIn = useSignedIn();
  usePasskeyAutofill(run, secondStep === null);

  const { submitting, onSubmit } = useFormSubmit(run, async () => {
    try {
      signedIn(await authApi.passwordGrant(email, password), 'Welcome back!');
    } catch (err) {
      const step = secondStepOf(err);
      if (step) return setSecondStep(step);
      const text = failureText(err);
      setUnconfirmed(text.startsWith('Email not confirmed'));
      toast({ title: 'Login Failed', description: text, variant: 'destructive' });
    }
  });

  if (secondStep)
    return (
      <SecondStepForm
        step={secondStep}
        busy={busy}
        run={run}
        onBack={() => {
          setSecondStep(null);
          setPassword('');
        }}
      />
    );

  return (
    <>
      <form onSubmit={onSubmit} aria-label="Email login">
        <Field>
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="username webauthn"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Field>
          <LabelRow>
            <Label htmlFor="login-password">Password</Label>
            <ForgotLink type="button" $variant="link" $size="sm" disabled={busy} onClick={() => onForgot(email)}>
              Forgot password?
            </ForgotLink>
          </LabelRow>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Button type="submit" $block disabled={busy}>
          {submitting ? 'Logging in...' : 'Login'}
        </Button>
        {unconfirmed && (
          <Button
            type="button"
            $variant="link"
            $block
            disabled={busy}
            onClick={() =>
              void run(async () => {
                try {
                  await authApi.resendConfirmation(email);
                  toast({
                    title: 'Confirmation Email Sent',
                    description: 'Check your email for a new confirmation link.',
                    variant: 'success',
                  });
                  setUnconfirmed(false);
                } catch (err) {
                  toast({ title: 'Error Sending Email', description: failureText(err), variant: 'destructive' });
                }
              })
            }
          >
            Resend confirmation email
          </Button>
        )}
      </form>
      <PasskeyButton busy={busy} run={run} />
      <SocialButtons label="Or continue with" busy={busy} config={config} onProvider={onProvider} />
    </>
  );
}
