import {
  browserSupportsWebAuthn,
  Button,
  getPasskeyCredential,
  HttpError,
  passkeyFailure,
  toast,
} from '@portal/shared-ui';
import { authApi, failureText } from './api';
import { useSignedIn } from './useSignedIn';

export const passkeyLoginFailed = (err: unknown) =>
  toast({
    title: 'Login Failed',
    description: err instanceof HttpError ? failureText(err) : passkeyFailure(err),
    variant: 'destructive',
  });

/** Sign in with a passkey alone: the browser offers the passkeys it holds for this site. */
export function PasskeyButton({ busy, run }: { busy: boolean; run: (fn: () => Promise<void>) => Promise<void> }) {
  const signedIn = useSignedIn();
  if (!browserSupportsWebAuthn()) return null;
  const signIn = () =>
    run(async () => {
      try {
        const credential = await getPasskeyCredential(await authApi.passkeyOptions());
        signedIn(await authApi.passkeySignIn(credential), 'Welcome back!');
      } catch (err) {
        passkeyLoginFailed(err);
      }
    });
  return (
    <Button
      type="button"
      $block
      $variant="outline"
      style={{ marginTop: 8 }}
      disabled={busy}
      onClick={() => void signIn()}
    >
      Sign in with a passkey
    </Button>
  );
}
