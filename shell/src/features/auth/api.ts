import { API_BASE, HttpError, withBackoff, type ApiResponse, type TokenResponse } from '@portal/shared-ui';

/**
 * Calls of the /auth page to the authentication service (docs/product.md "Sign-in and sessions"). Gateway failures (502, 503,
 * 504) and network errors are retried with backoff from 200 ms (docs/product.md "Sign-in and sessions"); three attempts
 * keep an interactive form responsive.
 */
const ATTEMPTS = 3;

async function readError(res: Response): Promise<HttpError> {
  let body: { error?: string; code?: string; details?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  return new HttpError(res.status, body.error || `HTTP ${res.status}`, body.code, body.details);
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  return withBackoff(
    async () => {
      const res = await fetch(`${API_BASE}/auth/${path}`, { credentials: 'same-origin', ...init });
      if (!res.ok) throw await readError(res);
      return (await res.json()) as T;
    },
    { maxAttempts: ATTEMPTS },
  );
}
const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export type SignUpResult = ApiResponse<'/api/auth/signup', 'post'>;
export type AuthConfig = ApiResponse<'/api/auth/config', 'get'>;
export type OAuthProvider = keyof AuthConfig['providers'];
type OtpSent = ApiResponse<'/api/auth/otp', 'post'>;
type ConfirmationResent = ApiResponse<'/api/auth/resend', 'post'>;
type RecoverySent = ApiResponse<'/api/auth/recover', 'post'>;
type ResetLinkState = ApiResponse<'/api/auth/recover/check', 'post'>;
type PasswordReset = ApiResponse<'/api/auth/recover/reset', 'post'>;

export const authApi = {
  passwordGrant: (email: string, password: string) =>
    post<TokenResponse>('token?grant_type=password', { email, password }),
  signUp: (email: string, password: string, fullName: string, phone?: string) =>
    post<SignUpResult>('signup', { email, password, data: { full_name: fullName }, ...(phone ? { phone } : {}) }),
  sendOtp: (phone: string) => post<OtpSent>('otp', { phone }),
  verifyOtp: (phone: string, token: string) => post<TokenResponse>('verify', { phone, token, type: 'sms' }),
  idToken: (idToken: string) =>
    post<TokenResponse>('token?grant_type=id_token', { provider: 'google', id_token: idToken }),
  config: () => request<AuthConfig>('config'),
  resendConfirmation: (email: string) => post<ConfirmationResent>('resend', { type: 'signup', email }),
  requestPasswordReset: (email: string) => post<RecoverySent>('recover', { email }),
  checkResetLink: (token: string) => post<ResetLinkState>('recover/check', { token }),
  resetPassword: (token: string, password: string) => post<PasswordReset>('recover/reset', { token, password }),
  passkeyOptions: (ticket?: string) => post<unknown>('passkeys/sign-in-options', ticket ? { ticket } : {}),
  passkeySignIn: (response: unknown, ticket?: string) =>
    post<TokenResponse>('passkeys/sign-in', { response, ...(ticket ? { ticket } : {}) }),
  codeSignIn: (ticket: string, code: string) => post<TokenResponse>('second-factor/sign-in', { ticket, code }),
};

/** The second step a password sign-in asks for (403 SECOND_FACTOR_REQUIRED), or null for any other failure. */
export interface SecondStep {
  ticket: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
}
export function secondStepOf(e: unknown): SecondStep | null {
  if (!(e instanceof HttpError) || e.code !== 'SECOND_FACTOR_REQUIRED') return null;
  return (e.details as { second_factor?: SecondStep } | undefined)?.second_factor ?? null;
}

const SECOND_STEP_METHODS: SecondStep['methods'] = ['totp', 'recovery_code', 'passkey'];
/**
 * The second step an OAuth redirect came back with: /auth#second_factor=<ticket>&methods=totp,passkey
 * (in the fragment, so the ticket never reaches a server log; api/src/modules/auth/callback/handlers.ts).
 */
export function secondStepInFragment(hash: string): SecondStep | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const ticket = fragment.get('second_factor');
  if (!ticket) return null;
  const named = (fragment.get('methods') ?? '').split(',');
  return { ticket, methods: SECOND_STEP_METHODS.filter((m) => named.includes(m)) };
}

/** OAuth is a browser redirect; the target after sign-in is /dashboard on this origin (docs/product.md "Sign-in and sessions"). */
export const authorizeUrl = (provider: OAuthProvider) =>
  `${API_BASE}/auth/authorize?provider=${provider}&redirect_to=${encodeURIComponent(`${window.location.origin}/dashboard`)}`;

/** Field reasons from the 400 envelope, e.g. the weak-password reasons. */
export function failureText(e: unknown): string {
  if (e instanceof HttpError) {
    const fields = (e.details as { fields?: Record<string, string> } | undefined)?.fields;
    if (e.status === 400 && fields && !/weak/i.test(e.message)) return Object.values(fields).join(' ');
    return e.message;
  }
  if (e instanceof Error && e.message) return e.message;
  return 'An unexpected error occurred.';
}
