// The browser's side of passkeys (@simplewebauthn/browser), shared by the sign-in page (shell) and
// the profile (wallet remote) so one copy of the library loads with shared-ui.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

export { browserSupportsWebAuthn };

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** navigator.credentials.create() for the server's options; the answer goes back to the server as is. */
export const createPasskey = (options: unknown) => startRegistration({ optionsJSON: options as CreationOptions });

/** navigator.credentials.get() for the server's options. */
export const getPasskeyCredential = (options: unknown) => startAuthentication({ optionsJSON: options as RequestOptions });

/** What to tell the user when the browser's passkey dialog ends without a passkey. */
export function passkeyFailure(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out.';
  return e instanceof Error ? e.message : 'An unexpected error occurred.';
}
