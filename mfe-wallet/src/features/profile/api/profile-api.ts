import { API_BASE, getAccessToken, HttpError, refreshSession } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** GET /api/profile (api/src/modules/profile/routes.ts ProfileSchema). Money: decimal strings. */
export interface Profile {
  id: string;
  full_name: string | null;
  username: string | null;
  email: string;
  email_confirmed: boolean;
  email_confirmed_at: string | null;
  avatar_url: string | null;
  kyc_status: 'not_started' | 'pending' | 'verified' | 'rejected';
  has_pin: boolean;
  is_accredited_investor: boolean;
  is_admin: boolean;
  daily_transaction_limit: string | null;
  weekly_transaction_limit: string | null;
  monthly_transaction_limit: string | null;
  limit_caps: { daily: string; weekly: string; monthly: string };
  default_payment_hashtags: string[];
  profile_privacy: 'public' | 'friends_only' | 'private';
  customer_id: string;
  member_since: string;
  updated_at: string;
}
export type ProfilePatch = Partial<Pick<Profile, 'full_name' | 'username' | 'default_payment_hashtags' | 'profile_privacy'>>;
export interface Limits { daily_transaction_limit: string | null; weekly_transaction_limit: string | null; monthly_transaction_limit: string | null }
export interface Session { id: string; device: string; user_agent: string | null; signed_in_at: string; last_used_at: string; current: boolean }
export interface KycSubmission {
  id: string; status: 'pending' | 'approved' | 'rejected'; legal_name: string; date_of_birth: string; country: string;
  document_type: string; document_number_last4: string; created_at: string; reviewed_at: string | null; review_note: string | null;
}
export interface Kyc { kyc_status: Profile['kyc_status']; is_accredited_investor: boolean; submission: KycSubmission | null }
export type PinAction = { action: 'set_pin'; pin: string } | { action: 'change_pin'; pin: string; current_pin: string };

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Profile', 'Kyc', 'Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({ query: () => 'profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<Profile, ProfilePatch>({
      query: (body) => ({ url: 'profile', method: 'PATCH', body }),
      invalidatesTags: ['Profile', 'Dashboard'],
    }),
    setLimits: build.mutation<Profile, Limits>({
      query: (body) => ({ url: 'profile/limits', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    uploadAvatar: build.mutation<Profile, File>({
      queryFn: async (file) => {
        const form = new FormData();
        form.set('file', file);
        return asResult(() => postForm<Profile>('profile/avatar', form));
      },
      invalidatesTags: ['Profile', 'Dashboard'],
    }),
    removeAvatar: build.mutation<Profile, void>({ query: () => ({ url: 'profile/avatar', method: 'DELETE' }), invalidatesTags: ['Profile', 'Dashboard'] }),
    managePin: build.mutation<{ message?: string }, PinAction>({
      query: (body) => ({ url: 'wallet/pin', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    getKyc: build.query<Kyc, void>({ query: () => 'kyc', providesTags: ['Kyc'] }),
    getKycCountries: build.query<{ countries: string[] }, void>({ query: () => 'kyc/countries' }),
    submitKyc: build.mutation<KycSubmission, FormData>({
      queryFn: (form) => asResult(() => postForm<KycSubmission>('kyc/submissions', form)),
      invalidatesTags: ['Kyc', 'Profile', 'Dashboard'],
    }),
    getSessions: build.query<{ sessions: Session[] }, void>({ query: () => 'profile/sessions', providesTags: ['Sessions'] }),
    revokeSession: build.mutation<void, string>({ query: (id) => ({ url: `profile/sessions/${id}`, method: 'DELETE' }), invalidatesTags: ['Sessions'] }),
    getDeletionCheck: build.query<{ can_delete: boolean; wallets: { symbol: string; balance: string }[] }, void>({ query: () => 'profile/deletion' }),
    deleteAccount: build.mutation<void, { password: string }>({ query: (body) => ({ url: 'profile/delete-account', method: 'POST', body }) }),
  }),
});

export const {
  useGetProfileQuery, useUpdateProfileMutation, useSetLimitsMutation, useUploadAvatarMutation, useRemoveAvatarMutation,
  useManagePinMutation, useGetKycQuery, useGetKycCountriesQuery, useSubmitKycMutation, useGetSessionsQuery, useRevokeSessionMutation,
  useLazyGetDeletionCheckQuery, useDeleteAccountMutation,
} = api;

/** multipart POST with the bearer token (baseQuery sends JSON only); refreshes once on 401. */
async function postForm<T>(path: string, form: FormData): Promise<T> {
  const send = (token: string | null) => fetch(`${API_BASE}/${path}`, {
    method: 'POST', body: form, credentials: 'same-origin',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let res = await send(getAccessToken());
  if (res.status === 401) {
    const token = await refreshSession().catch(() => null);
    if (token) res = await send(token);
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string; details?: unknown };
  if (!res.ok) throw new HttpError(res.status, body.error ?? 'An unexpected error occurred.', body.code, body.details);
  return body as T;
}

async function asResult<T>(fn: () => Promise<T>) {
  try {
    return { data: await fn() };
  } catch (e) {
    const err = e as HttpError;
    return { error: { status: typeof err.status === 'number' ? err.status : ('FETCH_ERROR' as const), error: err.message, code: err.code, details: err.details } };
  }
}

/** The message of one field of a 400/409 answer, else the answer's message. */
export function fieldError(e: unknown, field: string): string | undefined {
  const fields = (e as { details?: { fields?: Record<string, string> } } | undefined)?.details?.fields;
  return fields?.[field];
}
