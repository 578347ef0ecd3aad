import { useState, type ReactNode } from 'react';
import {
  Button,
  errorMessage,
  Field,
  getPasskeyCredential,
  Input,
  Label,
  passkeyFailure,
  toast,
  type ApiError,
} from '@portal/shared-ui';
import {
  useGetSecondFactorQuery,
  useStepUpPasskeyOptionsMutation,
  useStepUpWithCodeMutation,
  useStepUpWithPasskeyMutation,
} from '../api/sign-in-security-api';
import { Actions, Text } from './ui';

const isStepUpRefusal = (e: unknown) => (e as ApiError | null)?.code === 'STEP_UP_REQUIRED';

/**
 * Runs an action that may need a recent second-factor check; when the API answers STEP_UP_REQUIRED,
 * shows the check (passkey or code) and runs the action again once it passed.
 */
export function useStepUp(): { prompt: ReactNode; guarded: (action: () => Promise<unknown>) => Promise<void> } {
  const [pending, setPending] = useState<(() => Promise<unknown>) | null>(null);
  const guarded = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (e) {
      if (isStepUpRefusal(e)) setPending(() => action);
      else toast({ title: 'Update Failed', description: errorMessage(e), variant: 'destructive' });
    }
  };
  const done = async () => {
    const action = pending;
    setPending(null);
    if (action) await guarded(action);
  };
  return {
    prompt: pending ? <StepUpForm onDone={() => void done()} onCancel={() => setPending(null)} /> : null,
    guarded,
  };
}

function StepUpForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { data } = useGetSecondFactorQuery();
  const [code, setCode] = useState('');
  const [withCode, { isLoading: checkingCode }] = useStepUpWithCodeMutation();
  const [options] = useStepUpPasskeyOptionsMutation();
  const [withPasskey, { isLoading: checkingPasskey }] = useStepUpWithPasskeyMutation();
  const busy = checkingCode || checkingPasskey;

  async function passkey() {
    try {
      const response = await getPasskeyCredential(await options().unwrap());
      await withPasskey({ response: response as Parameters<typeof withPasskey>[0]['response'] }).unwrap();
      onDone();
    } catch (e) {
      toast({
        title: 'Not Confirmed',
        description: e instanceof Error ? passkeyFailure(e) : errorMessage(e),
        variant: 'destructive',
      });
    }
  }
  async function submitCode() {
    try {
      await withCode(code.trim()).unwrap();
      onDone();
    } catch (e) {
      toast({ title: 'Not Confirmed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <div role="group" aria-label="Confirm it is you" data-testid="step-up-prompt">
      <Text>Confirm it is you with your passkey or authenticator app first.</Text>
      {data?.totp_enabled && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submitCode();
          }}
        >
          <Field>
            <Label htmlFor="step-up-code">Authentication code</Label>
            <Input
              id="step-up-code"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              disabled={busy}
            />
          </Field>
          <Actions>
            <Button type="submit" $size="sm" disabled={busy}>
              Confirm
            </Button>
          </Actions>
        </form>
      )}
      <Actions style={{ marginTop: 8 }}>
        {!!data?.passkeys && (
          <Button type="button" $size="sm" $variant="outline" disabled={busy} onClick={() => void passkey()}>
            Use a passkey
          </Button>
        )}
        <Button type="button" $size="sm" $variant="ghost" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </div>
  );
}
