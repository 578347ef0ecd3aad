import type { ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

/** GET /api/admin/system: books check history, job queues, the last hour's ledger activity, the answering process. */
export const systemApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSystem: build.query<ApiResponse<'/api/admin/system', 'get'>, void>({ query: () => 'admin/system' }),
  }),
});
export const { useGetSystemQuery } = systemApi;
