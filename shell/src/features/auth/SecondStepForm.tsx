import { useState } from 'react';
import {
  Button,
  Field,
  getPasskeyCredential,
  Hint,
  HttpError,
  Input,
  Label,
  passkeyFailure,
  toast,
} from '@portal/shared-ui';
import { authApi, failureText, type SecondStep } from './api';
import { useFormSubmit } from './parts';
import { useSignedIn } from './useSignedIn';

/** After a right password, phone code or OAuth sign-in on an account with a second factor: an authenticator or recovery code, or a passkey. */
export function SecondStepForm({
  step,
  busy,
  run,
  onBack,
}: {
  step: SecondStep;
  busy: boolean;
  run: (fn: () => Promise<void>) => Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const signedIn = useSignedIn();
  const hasCodes = step.methods.includes('totp');

  const { submitting, onSubmit } = useFormSubmit(run, async () => {
    try {
      signedIn(await authApi.codeSignIn(step.ticket, code.trim()), 'Welcome back!');
    } catch (err) {
      toast({ title: 'Login Failed', description: failureText(err), variant: 'destructive' });
    }
  });

  const withPasskey = () =>
    run(async () => {
      try {
        const credential = await getPasskeyCredential(await authApi.passkeyOptions(step.ticket));
        signedIn(await authApi.passkeySignIn(credential, step.ticket), 'Welcome back!');
      } catch (err) {
        toast({
          title: 'Login Failed',
          description: err instanceof HttpError ? failureText(err) : passkeyFailure(err),
          variant: 'destructive',
        });
      }
    });

  return (
    <form onSubmit={onSubmit} aria-label="Second step">
      <p style={{ marginTop: 0 }}>Your account has two-step sign-in. Confirm it is you to finish signing in.</p>
      {hasCodes && (
        <Field>
          <Label htmlFor="second-step-code">Authentication code</Label>
          <Input
            id="second-step-code"
            inputMode="text"
            autoComplete="one-time-code"
            required
            autoFocus
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={busy}
          />
          <Hint>The 6-digit code from your authenticator app, or one of your recovery codes.</Hint>
        </Field>
      )}
      {hasCodes && (
        <Button type="submit" $block disabled={busy}>
          {submitting ? 'Verifying...' : 'Verify'}
        </Button>
      )}
      {step.methods.includes('passkey') && (
        <Button
          type="button"
          $block
          $variant={hasCodes ? 'outline' : 'default'}
          style={{ marginTop: 8 }}
          disabled={busy}
          onClick={() => void withPasskey()}
        >
          Use a passkey
        </Button>
      )}
      <Button type="button" $variant="link" $block disabled={busy} onClick={onBack}>
        Back to e-mail and password
      </Button>
    </form>
  );
}
