import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button';
import { FieldError, Hint, Input, Label } from '../components/Form';
import { getPasskeyCredential, passkeyFailure } from '../session/passkeys';
import { apiFetch } from '../store/baseQuery';
import { errorMessage } from '../store/error-message';

const Box = styled.div`margin: 8px 0 12px; padding: 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md};`;
const Line = styled.div`display: flex; gap: 8px; align-items: end; flex-wrap: wrap; margin-top: 8px; > div { flex: 1; min-width: 140px; }`;

interface Factors {
  totp_enabled: boolean;
  passkeys: number;
}

/** A quote said the move needs a recent second-factor check: the check, with a passkey or an app code, before the PIN. */
export function StepUpCheck({ onDone }: { onDone: () => void }) {
  const [factors, setFactors] = useState<Factors | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void apiFetch<Factors>('/api/auth/second-factor').then(setFactors, () => setFactors(null));
  }, []);

  async function check(prove: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await prove();
      onDone();
    } catch (e) {
      setError(e instanceof Error && !('status' in e) ? passkeyFailure(e) : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const withPasskey = () =>
    check(async () => {
      const response = await getPasskeyCredential(
        await apiFetch<unknown>({ url: '/api/auth/step-up/passkey-options', method: 'POST' }),
      );
      await apiFetch({ url: '/api/auth/step-up/passkey', method: 'POST', body: { response } });
    });
  const withCode = () =>
    check(() => apiFetch({ url: '/api/auth/step-up', method: 'POST', body: { code: code.trim() } }));

  return (
    <Box role="group" aria-label="Confirm it is you" data-testid="money-step-up">
      <Hint>This is a large amount: confirm it is you with your passkey or authenticator app first.</Hint>
      {factors?.totp_enabled && (
        <Line>
          <div>
            <Label htmlFor="money-step-up-code">Authentication code</Label>
            <Input
              id="money-step-up-code"
              autoComplete="one-time-code"
              value={code}
              disabled={busy}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <Button type="button" $variant="outline" disabled={busy || !code.trim()} onClick={() => void withCode()}>
            Confirm code
          </Button>
        </Line>
      )}
      {!!factors?.passkeys && (
        <Line>
          <Button type="button" $variant="outline" disabled={busy} onClick={() => void withPasskey()}>
            Use a passkey
          </Button>
        </Line>
      )}
      {error && <FieldError role="alert">{error}</FieldError>}
    </Box>
  );
}
