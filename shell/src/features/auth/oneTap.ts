import { useEffect, useRef } from 'react';
import { toast } from '@portal/shared-ui';
import { authApi, failureText, secondStepOf, type AuthConfig, type SecondStep } from './api';
import { useSignedIn } from './useSignedIn';

/** The parts of Google Identity Services that One Tap uses. */
interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (r: { credential?: string }) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
    context?: string;
  }): void;
  prompt(): void;
  cancel?(): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

export const GSI_SRC = 'https://accounts.google.com/gsi/client';

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing && window.google?.accounts?.id) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = existing ?? document.createElement('script');
    s.addEventListener('load', () => resolve(), { once: true });
    s.addEventListener('error', () => reject(new Error('load failed')), { once: true });
    if (!existing) {
      s.src = src;
      s.async = true;
      document.head.appendChild(s);
    }
  });
}

/**
 * Google One Tap on /auth (docs/product.md "Sign-in and sessions" "on load the screen also attempts a Google one-tap prompt").
 * Google's script is loaded only when the API reports a Google client id; the credential (an id
 * token) is verified by the server (POST /api/auth/token?grant_type=id_token). Texts: docs/product.md "Sign-in and sessions".
 */
export function useGoogleOneTap(
  config: AuthConfig | null,
  run: (fn: () => Promise<void>) => Promise<void>,
  onSecondStep: (step: SecondStep) => void,
) {
  const signedIn = useSignedIn();
  const started = useRef(false);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const onSecondStepRef = useRef(onSecondStep);
  onSecondStepRef.current = onSecondStep;

  useEffect(() => {
    const clientId = config?.google_client_id;
    if (!clientId || started.current) return;
    started.current = true;
    let cancelled = false;
    loadScript(GSI_SRC).then(
      () => {
        if (cancelled) return;
        const id = window.google?.accounts?.id;
        if (!id) {
          toast({
            title: 'Google One Tap Error',
            description: 'Google library not available.',
            variant: 'destructive',
          });
          return;
        }
        try {
          id.initialize({
            client_id: clientId,
            auto_select: false,
            cancel_on_tap_outside: true,
            use_fedcm_for_prompt: true,
            context: 'signin',
            callback: (response) => {
              if (!response.credential) {
                toast({
                  title: 'Google One Tap Login Failed',
                  description: 'No credential received.',
                  variant: 'destructive',
                });
                return;
              }
              const credential = response.credential;
              void run(async () => {
                try {
                  signedInRef.current(await authApi.idToken(credential), 'Welcome!');
                } catch (err) {
                  const secondStep = secondStepOf(err);
                  if (secondStep) return onSecondStepRef.current(secondStep);
                  toast({
                    title: 'Google One Tap Login Failed',
                    description: failureText(err) || 'Could not establish session.',
                    variant: 'destructive',
                  });
                }
              });
            },
          });
          id.prompt();
        } catch {
          toast({
            title: 'Google One Tap Error',
            description: 'Google One Tap initialization failed.',
            variant: 'destructive',
          });
        }
      },
      () => {
        // Google unreachable (offline, blocked by the network or an extension): One Tap is an extra,
        // the Google button still works, so no red toast on every visit; it is logged instead.
        if (!cancelled) console.warn('Google One Tap: Google library not available (script failed to load).');
      },
    );
    return () => {
      cancelled = true;
      window.google?.accounts?.id?.cancel?.();
    };
  }, [config, run]);
}
