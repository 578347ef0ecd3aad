import type { ApiQuery, ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

export type AuditQuery = ApiQuery<'/api/admin/audit', 'get'>;
export type AuditLogEntry = ApiResponse<'/api/admin/audit', 'get'>['entries'][number];
/** GET /api/admin/audit: newest first, 50 a page, filtered (the KYC page's getAudit reads one subject's history). */
export const auditApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<ApiResponse<'/api/admin/audit', 'get'>, AuditQuery>({
      query: (params) => ({
        url: 'admin/audit',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)),
      }),
    }),
  }),
});
export const { useGetAuditLogQuery } = auditApi;
