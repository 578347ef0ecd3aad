import { useState } from 'react';
import { Button, Field, Input, Label, toast } from '@portal/shared-ui';
import { authApi, failureText, type AuthConfig, type OAuthProvider } from './api';
import { Hint, SocialButtons, useFormSubmit } from './parts';

export const SIGN_UP_SUCCESS =
  'Please check your email to confirm your account within 48 hours, or it may be disabled. If you provided a phone number, you might also receive an OTP for phone verification.';

/**
 * Sign-up card (docs/product.md "Sign-in and sessions"): Full Name, Email, Password, optional Phone Number with the
 * country-code hint. On success the form clears and the visitor is taken to Email Login with the
 * e-mail filled in (or to Phone Login when a code was texted).
 */
export function SignUpForm({
  busy,
  run,
  onProvider,
  config,
  onDone,
}: {
  busy: boolean;
  run: (fn: () => Promise<void>) => Promise<void>;
  onProvider: (p: OAuthProvider) => void;
  config: AuthConfig | null;
  onDone: (r: { email: string; phone?: string; phoneOtpSent: boolean }) => void;
}) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');

  const { submitting, onSubmit } = useFormSubmit(run, async () => {
    try {
      const result = await authApi.signUp(email, password, fullName, phone.trim() || undefined);
      toast({ title: 'Sign Up Successful!', description: SIGN_UP_SUCCESS, variant: 'success', durationMs: 10_000 });
      const done = { email, phone: phone.trim() || undefined, phoneOtpSent: result.phone_otp_sent };
      setFullName('');
      setEmail('');
      setPassword('');
      setPhone('');
      onDone(done);
    } catch (err) {
      toast({ title: 'Sign Up Failed', description: failureText(err), variant: 'destructive' });
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} aria-label="Sign up">
        <Field>
          <Label htmlFor="signup-name">Full Name</Label>
          <Input
            id="signup-name"
            autoComplete="name"
            required
            placeholder="Jane Doe"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Field>
          <Label htmlFor="signup-email">Email</Label>
          <Input
            id="signup-email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
        </Field>
        <Field>
          <Label htmlFor="signup-password">Password</Label>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            aria-describedby="signup-password-hint"
          />
          <Hint id="signup-password-hint">At least 8 characters. Avoid common passwords.</Hint>
        </Field>
        <Field>
          <Label htmlFor="signup-phone">Phone Number (Optional)</Label>
          <Input
            id="signup-phone"
            type="tel"
            autoComplete="tel"
            placeholder="+1234567890"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            disabled={busy}
            aria-describedby="signup-phone-hint"
          />
          <Hint id="signup-phone-hint">Include country code, e.g., +1234567890</Hint>
        </Field>
        <Button type="submit" $block disabled={busy}>
          {submitting ? 'Signing up...' : 'Sign Up'}
        </Button>
      </form>
      <SocialButtons label="Or sign up with" busy={busy} config={config} onProvider={onProvider} />
    </>
  );
}
