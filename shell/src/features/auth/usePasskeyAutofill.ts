import { useEffect, useRef } from 'react';
import { browserSupportsWebAuthn, cancelPasskeyRequest, getPasskeyFromAutofill } from '@portal/shared-ui';
import { authApi } from './api';
import { passkeyLoginFailed } from './PasskeyButton';
import { useSignedIn } from './useSignedIn';

/**
 * Passkey autofill (conditional UI): while the login form is shown, the browser offers this site's
 * passkeys in the e-mail field's suggestions (autocomplete "username webauthn"); picking one signs in.
 * The request ends when the form goes away. The "Sign in with a passkey" button stays for browsers
 * without autofill; pressing it ends this request (one passkey request at a time).
 */
export function usePasskeyAutofill(run: (fn: () => Promise<void>) => Promise<void>, formShown: boolean) {
  const signedIn = useSignedIn();
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (!formShown || !browserSupportsWebAuthn()) return;
    let mounted = true;
    let waiting = false; // our request is the browser's current one
    void (async () => {
      try {
        const options = await authApi.passkeyOptions();
        if (!mounted) return;
        waiting = true;
        const credential = await getPasskeyFromAutofill(options).finally(() => (waiting = false));
        if (!credential || !mounted) return;
        await runRef.current(async () => {
          try {
            signedInRef.current(await authApi.passkeySignIn(credential), 'Welcome back!');
          } catch (err) {
            passkeyLoginFailed(err);
          }
        });
      } catch {
        // Ended (the form went away, the button took over) or refused: the button still works.
      }
    })();
    return () => {
      mounted = false;
      if (waiting) void cancelPasskeyRequest();
    };
  }, [formShown]);
}
