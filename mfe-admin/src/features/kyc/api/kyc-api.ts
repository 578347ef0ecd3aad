import { apiResponse, type ApiQuery, type ApiRequestBody, type ApiResponse, type ApiSchema } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** GET /api/admin/kyc (api/src/modules/admin/routes.ts KycQueueItem). */
export type KycQueueItem = ApiSchema<'KycQueueItem'>;
export type UnreviewableUser = ApiSchema<'KycUnreviewableUser'>;
type KycQueue = ApiResponse<'/api/admin/kyc', 'get'>;
export type QueueFilter = NonNullable<ApiQuery<'/api/admin/kyc', 'get'>['status']>;
type ReviewBody = ApiRequestBody<'/api/admin/kyc/{id}/review', 'post'>;
type UserUpdated = ApiResponse<'/api/admin/users/{id}', 'patch'>;

type AuditLog = ApiResponse<'/api/admin/audit', 'get'>;
export type AuditEntry = AuditLog['entries'][number];

export const kycApi = adminApi.enhanceEndpoints({ addTagTypes: ['Kyc', 'Users'] }).injectEndpoints({
  endpoints: (build) => ({
    getKycQueue: build.query<KycQueue, QueueFilter>({
      query: (status) => ({ url: 'admin/kyc', params: { status } }),
      providesTags: ['Kyc'],
    }),
    reviewKyc: build.mutation<ApiResponse<'/api/admin/kyc/{id}/review', 'post'>, ReviewBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/kyc/${id}/review`, method: 'POST', body }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
    resetKyc: build.mutation<ApiResponse<'/api/admin/users/{id}/kyc-reset', 'post'>, string>({
      query: (id) => ({ url: `admin/users/${id}/kyc-reset`, method: 'POST' }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
    getAudit: build.query<AuditLog, string>({
      query: (subject) => ({ url: 'admin/audit', params: { subject } }),
      providesTags: ['Kyc'],
    }),
    setAccredited: build.mutation<UserUpdated, { id: string; value: boolean }>({
      query: ({ id, value }) => ({
        url: `admin/users/${id}`,
        method: 'PATCH',
        body: { is_accredited_investor: value },
      }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
  }),
});
export const {
  useGetKycQueueQuery,
  useReviewKycMutation,
  useResetKycMutation,
  useSetAccreditedMutation,
  useGetAuditQuery,
} = kycApi;

/** The private document image as an object URL (an <img> cannot send the bearer token). */
export async function fetchDocument(id: string): Promise<string> {
  return URL.createObjectURL(await (await apiResponse(`admin/kyc/${id}/document`)).blob());
}
