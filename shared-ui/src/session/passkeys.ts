// The browser's side of passkeys (@simplewebauthn/browser), shared by the sign-in page (shell) and
// the profile (wallet remote). The library is loaded on first use, not with every page's first scripts.
const library = () => import('@simplewebauthn/browser');

type Library = Awaited<ReturnType<typeof library>>;
type CreationOptions = Parameters<Library['startRegistration']>[0]['optionsJSON'];
type RequestOptions = Parameters<Library['startAuthentication']>[0]['optionsJSON'];

/** WebAuthn is there (the library's own check, without loading it). */
export const browserSupportsWebAuthn = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** navigator.credentials.create() for the server's options; the answer goes back to the server as is. */
export const createPasskey = async (options: unknown) =>
  (await library()).startRegistration({ optionsJSON: options as CreationOptions });

/** navigator.credentials.get() for the server's options. */
export const getPasskeyCredential = async (options: unknown) =>
  (await library()).startAuthentication({ optionsJSON: options as RequestOptions });

/**
 * Conditional UI: the browser offers this site's passkeys in the autofill of the page's input whose
 * autocomplete ends in "webauthn", and resolves once the user picks one. Null when the browser has no
 * passkey autofill. Ends (AbortError) on cancelPasskeyRequest() or when another passkey request starts.
 */
export async function getPasskeyFromAutofill(options: unknown) {
  const lib = await library();
  if (!(await lib.browserSupportsWebAuthnAutofill())) return null;
  return lib.startAuthentication({ optionsJSON: options as RequestOptions, useBrowserAutofill: true });
}

/** Ends the passkey request under way (an autofill request whose input is going away). */
export const cancelPasskeyRequest = async () => (await library()).WebAuthnAbortService.cancelCeremony();

/** What to tell the user when the browser's passkey dialog ends without a passkey. */
export function passkeyFailure(e: unknown): string {
  const name = (e as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out.';
  return e instanceof Error ? e.message : 'An unexpected error occurred.';
}
