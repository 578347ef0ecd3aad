import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Label, toast } from '@portal/shared-ui';
import { authApi, failureText, secondStepOf, type SecondStep } from './api';
import { Hint } from './parts';
import { useSignedIn } from './useSignedIn';

const LinkButton = styled(Button)`margin-top: 12px; width: 100%;`;

/**
 * Phone card (docs/product.md "Sign-in and sessions"): step 1 phone + Send OTP; step 2 OTP + Verify OTP & Login;
 * "Resend OTP or change number" returns to step 1 and clears the OTP.
 */
export function PhoneLogin({
  busy,
  run,
  initialPhone = '',
  initialStep = 'phone',
  onSecondStep,
}: {
  busy: boolean;
  run: (fn: () => Promise<void>) => Promise<void>;
  initialPhone?: string;
  initialStep?: 'phone' | 'otp';
  /** A right code for an account with a second factor: the page asks for it. */
  onSecondStep: (step: SecondStep) => void;
}) {
  const [phone, setPhone] = useState(initialPhone);
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'phone' | 'otp'>(initialStep);
  const [action, setAction] = useState<'send' | 'verify' | null>(null);
  const signedIn = useSignedIn();

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!phone.trim()) {
      toast({ title: 'Phone Number Required', description: 'Please enter your phone number.', variant: 'destructive' });
      return;
    }
    setAction('send');
    await run(async () => {
      try {
        await authApi.sendOtp(phone.trim());
        toast({ title: 'OTP Sent', description: 'Check your phone for the OTP.', variant: 'success' });
        setStep('otp');
      } catch (err) {
        toast({ title: 'Failed to send OTP', description: failureText(err), variant: 'destructive' });
      }
    });
    setAction(null);
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (!otp.trim()) {
      toast({ title: 'OTP Required', description: 'Please enter the OTP.', variant: 'destructive' });
      return;
    }
    setAction('verify');
    await run(async () => {
      try {
        signedIn(await authApi.verifyOtp(phone.trim(), otp.trim()), 'Welcome!');
      } catch (err) {
        const nextStep = secondStepOf(err);
        if (nextStep) return onSecondStep(nextStep);
        const message = failureText(err);
        toast({
          title: 'OTP Verification Failed',
          description: message || 'Invalid OTP or session could not be created.',
          variant: 'destructive',
        });
      }
    });
    setAction(null);
  }

  if (step === 'phone') {
    return (
      <form onSubmit={send} aria-label="Phone login" noValidate>
        <Field>
          <Label htmlFor="phone-number">Phone Number</Label>
          <Input
            id="phone-number"
            type="tel"
            autoComplete="tel"
            placeholder="+1234567890"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            disabled={busy}
            aria-describedby="phone-number-hint"
          />
          <Hint id="phone-number-hint">Include country code, e.g., +1234567890</Hint>
        </Field>
        <Button type="submit" $block disabled={busy}>
          {action === 'send' ? 'Sending OTP...' : 'Send OTP'}
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} aria-label="Verify OTP" noValidate>
      <Field>
        <Label htmlFor="phone-otp">OTP</Label>
        <Input
          id="phone-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          disabled={busy}
          aria-describedby="phone-otp-hint"
        />
        <Hint id="phone-otp-hint">Enter the 6-digit code sent to {phone}. It expires in 5 minutes.</Hint>
      </Field>
      <Button type="submit" $block disabled={busy}>
        {action === 'verify' ? 'Verifying...' : 'Verify OTP & Login'}
      </Button>
      <LinkButton
        type="button"
        $variant="link"
        disabled={busy}
        onClick={() => {
          setOtp('');
          setStep('phone');
        }}
      >
        Resend OTP or change number
      </LinkButton>
    </form>
  );
}
