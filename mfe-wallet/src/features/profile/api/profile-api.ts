import { announceProfile, type ApiRequestBody, type ApiResponse, type ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Types of /api/profile, /api/kyc and /api/wallet/pin, from the API's schemas. Money: decimal strings. */
export type Profile = ApiSchema<'Profile'>;
export type ProfilePatch = ApiSchema<'ProfileUpdate'>;
export type Limits = ApiSchema<'TransactionLimits'>;
export type Session = ApiSchema<'Session'>;
export type KycSubmission = NonNullable<ApiSchema<'KycSubmission'>>;
export type Kyc = ApiSchema<'Kyc'>;
type SessionList = ApiResponse<'/api/profile/sessions', 'get'>;
type DeletionCheck = ApiResponse<'/api/profile/deletion', 'get'>;
type DeleteAccountBody = ApiRequestBody<'/api/profile/delete-account', 'post'>;
type PinResetCodeSent = ApiResponse<'/api/profile/pin-reset/code', 'post'>;
type PinResetBody = ApiRequestBody<'/api/profile/pin-reset', 'post'>;

/** The PIN actions this page sends (the route also takes verify_pin), each with the fields it needs. */
type PinBody = ApiRequestBody<'/api/wallet/pin', 'post'>;
export type PinAction =
  | (Pick<PinBody, 'pin'> & { action: 'set_pin' })
  | (Required<Pick<PinBody, 'pin' | 'current_pin'>> & { action: 'change_pin' });

/** The header lives in the shell, outside this slice: tell it about the saved name, username and avatar. */
async function announceWhenSaved(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<{ data: Profile }> }) {
  try {
    announceProfile((await queryFulfilled).data);
  } catch {
    // not saved: the page shows the error, and the header keeps what is true
  }
}

const api = walletApi
  .enhanceEndpoints({ addTagTypes: ['Profile', 'Kyc', 'Sessions', 'PaymentSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfile: build.query<Profile, void>({ query: () => 'profile', providesTags: ['Profile'] }),
      updateProfile: build.mutation<Profile, ProfilePatch>({
        query: (body) => ({ url: 'profile', method: 'PATCH', body }),
        invalidatesTags: ['Profile', 'Dashboard'],
        onQueryStarted: announceWhenSaved,
      }),
      setLimits: build.mutation<Profile, Limits>({
        query: (body) => ({ url: 'profile/limits', method: 'PUT', body }),
        invalidatesTags: ['Profile'],
      }),
      uploadAvatar: build.mutation<Profile, File>({
        query: (file) => {
          const form = new FormData();
          form.set('file', file);
          return { url: 'profile/avatar', method: 'POST', body: form };
        },
        invalidatesTags: ['Profile', 'Dashboard'],
        onQueryStarted: announceWhenSaved,
      }),
      removeAvatar: build.mutation<Profile, void>({
        query: () => ({ url: 'profile/avatar', method: 'DELETE' }),
        invalidatesTags: ['Profile', 'Dashboard'],
        onQueryStarted: announceWhenSaved,
      }),
      managePin: build.mutation<ApiResponse<'/api/wallet/pin', 'post'>, PinAction>({
        query: (body) => ({ url: 'wallet/pin', method: 'POST', body }),
        invalidatesTags: ['Profile', 'PaymentSettings'],
      }),
      // Forgot PIN: a code mailed to the account, then password + code + new PIN (lifts a PIN lock).
      requestPinResetCode: build.mutation<PinResetCodeSent, void>({
        query: () => ({ url: 'profile/pin-reset/code', method: 'POST' }),
      }),
      resetPin: build.mutation<void, PinResetBody>({
        query: (body) => ({ url: 'profile/pin-reset', method: 'POST', body }),
        invalidatesTags: ['Profile', 'PaymentSettings'],
      }),
      getKyc: build.query<Kyc, void>({ query: () => 'kyc', providesTags: ['Kyc'] }),
      getKycCountries: build.query<ApiSchema<'KycCountries'>, void>({ query: () => 'kyc/countries' }),
      submitKyc: build.mutation<KycSubmission, FormData>({
        query: (form) => ({ url: 'kyc/submissions', method: 'POST', body: form }),
        invalidatesTags: ['Kyc', 'Profile', 'Dashboard'],
      }),
      getSessions: build.query<SessionList, void>({ query: () => 'profile/sessions', providesTags: ['Sessions'] }),
      revokeSession: build.mutation<void, string>({
        query: (id) => ({ url: `profile/sessions/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Sessions'],
      }),
      getDeletionCheck: build.query<DeletionCheck, void>({ query: () => 'profile/deletion' }),
      deleteAccount: build.mutation<void, DeleteAccountBody>({
        query: (body) => ({ url: 'profile/delete-account', method: 'POST', body }),
      }),
    }),
  });

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useSetLimitsMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useManagePinMutation,
  useRequestPinResetCodeMutation,
  useResetPinMutation,
  useGetKycQuery,
  useGetKycCountriesQuery,
  useSubmitKycMutation,
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useLazyGetDeletionCheckQuery,
  useDeleteAccountMutation,
} = api;

/** multipart POST with the bearer token (baseQuery sends JSON only); refreshes once on 401. */
/** The message of one field of a 400/409 answer, else the answer's message. */
export function fieldError(e: unknown, field: string): string | undefined {
  const fields = (e as { details?: { fields?: Record<string, string> } } | undefined)?.details?.fields;
  return fields?.[field];
}
