import type { ApiRequestBody, ApiResponse, ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** Types of /api/auth/passkeys, /second-factor, /step-up and /security-activity, from the API's schemas. */
export type Passkey = ApiSchema<'Passkey'>;
export type SecondFactorStatus = ApiSchema<'SecondFactorStatus'>;
type PasskeyList = ApiResponse<'/api/auth/passkeys', 'get'>;
type NewPasskey = ApiRequestBody<'/api/auth/passkeys', 'post'>;
type TotpSecret = ApiResponse<'/api/auth/second-factor/totp', 'post'>;
type RecoveryCodes = ApiResponse<'/api/auth/second-factor/totp/enable', 'post'>;
type StepUp = ApiResponse<'/api/auth/step-up', 'post'>;
type StepUpPasskey = ApiRequestBody<'/api/auth/step-up/passkey', 'post'>;
type SecurityActivity = ApiResponse<'/api/auth/security-activity', 'get'>;

const TAGS = ['Passkeys', 'SecondFactor', 'SecurityActivity'] as const;

const api = walletApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: build.query<PasskeyList, void>({ query: () => 'auth/passkeys', providesTags: ['Passkeys'] }),
    passkeyCreationOptions: build.mutation<unknown, void>({
      query: () => ({ url: 'auth/passkeys/registration-options', method: 'POST' }),
    }),
    addPasskey: build.mutation<Passkey, NewPasskey>({
      query: (body) => ({ url: 'auth/passkeys', method: 'POST', body }),
      invalidatesTags: [...TAGS],
    }),
    removePasskey: build.mutation<void, string>({
      query: (id) => ({ url: `auth/passkeys/${id}`, method: 'DELETE' }),
      invalidatesTags: [...TAGS],
    }),
    getSecondFactor: build.query<SecondFactorStatus, void>({
      query: () => 'auth/second-factor',
      providesTags: ['SecondFactor'],
    }),
    startTotp: build.mutation<TotpSecret, void>({ query: () => ({ url: 'auth/second-factor/totp', method: 'POST' }) }),
    enableTotp: build.mutation<RecoveryCodes, string>({
      query: (code) => ({ url: 'auth/second-factor/totp/enable', method: 'POST', body: { code } }),
      invalidatesTags: [...TAGS],
    }),
    disableTotp: build.mutation<void, void>({
      query: () => ({ url: 'auth/second-factor/totp', method: 'DELETE' }),
      invalidatesTags: [...TAGS],
    }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, void>({
      query: () => ({ url: 'auth/second-factor/recovery-codes', method: 'POST' }),
      invalidatesTags: [...TAGS],
    }),
    stepUpWithCode: build.mutation<StepUp, string>({
      query: (code) => ({ url: 'auth/step-up', method: 'POST', body: { code } }),
      invalidatesTags: ['SecondFactor'],
    }),
    stepUpPasskeyOptions: build.mutation<unknown, void>({
      query: () => ({ url: 'auth/step-up/passkey-options', method: 'POST' }),
    }),
    stepUpWithPasskey: build.mutation<StepUp, StepUpPasskey>({
      query: (body) => ({ url: 'auth/step-up/passkey', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    getSecurityActivity: build.query<SecurityActivity, void>({
      query: () => 'auth/security-activity',
      providesTags: ['SecurityActivity'],
    }),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyCreationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useGetSecondFactorQuery,
  useStartTotpMutation,
  useEnableTotpMutation,
  useDisableTotpMutation,
  useRenewRecoveryCodesMutation,
  useStepUpWithCodeMutation,
  useStepUpPasskeyOptionsMutation,
  useStepUpWithPasskeyMutation,
  useGetSecurityActivityQuery,
} = api;
