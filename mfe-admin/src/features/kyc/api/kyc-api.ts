import { API_BASE, getAccessToken, HttpError, refreshSession } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** GET /api/admin/kyc (api/src/modules/admin/routes.ts KycQueueItem). */
export interface KycQueueItem {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  legal_name: string;
  date_of_birth: string;
  country: string;
  document_type: string;
  document_number: string;
  created_at: string;
  reviewed_at: string | null;
  review_note: string | null;
  reviewer: { id: string; full_name: string | null } | null;
  user: { id: string; full_name: string | null; email: string; username: string | null; customer_id: string; kyc_status: string; is_accredited_investor: boolean };
}

export interface AuditEntry {
  id: string; actor_id: string | null; actor_name: string | null; action: string; subject: string | null;
  before: Record<string, unknown> | null; after: Record<string, unknown> | null; created_at: string;
}

const kycApi = adminApi.enhanceEndpoints({ addTagTypes: ['Kyc', 'Users'] }).injectEndpoints({
  endpoints: (build) => ({
    getKycQueue: build.query<{ submissions: KycQueueItem[] }, 'pending' | 'all'>({
      query: (status) => ({ url: 'admin/kyc', params: { status } }),
      providesTags: ['Kyc'],
    }),
    reviewKyc: build.mutation<unknown, { id: string; decision: 'approve' | 'reject'; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `admin/kyc/${id}/review`, method: 'POST', body }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
    getAudit: build.query<{ entries: AuditEntry[] }, string>({
      query: (subject) => ({ url: 'admin/audit', params: { subject } }),
      providesTags: ['Kyc'],
    }),
    setAccredited: build.mutation<unknown, { id: string; value: boolean }>({
      query: ({ id, value }) => ({ url: `admin/users/${id}`, method: 'PATCH', body: { is_accredited_investor: value } }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
  }),
});
export const { useGetKycQueueQuery, useReviewKycMutation, useSetAccreditedMutation, useGetAuditQuery } = kycApi;

/** The private document image as an object URL (an <img> cannot send the bearer token). */
export async function fetchDocument(id: string): Promise<string> {
  const send = (token: string | null) => fetch(`${API_BASE}/admin/kyc/${id}/document`, {
    credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  let res = await send(getAccessToken());
  if (res.status === 401) {
    const token = await refreshSession().catch(() => null);
    if (token) res = await send(token);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new HttpError(res.status, body.error ?? 'Could not load the document.', body.code);
  }
  return URL.createObjectURL(await res.blob());
}
