import type { ApiResponse } from '@portal/shared-ui';
import { releasesApi } from './releases';

export type CanariesAnswer = ApiResponse<'/api/platform/releases/canaries', 'get'>;
export type CanaryOverview = CanariesAnswer['remotes'][number];
export type Comparison = NonNullable<CanaryOverview['running']>['comparison'];
export type RollbackRule = CanaryOverview['rule'];

/**
 * Canary releases on the Releases page (docs/decisions.md "Canary releases"): per remote its rule,
 * running canary beside the current release, last ended canary (GET /api/platform/releases/canaries);
 * serve a release to a share of users, promote it (100) or roll it back (0) with PUT .../canary;
 * the remote's automatic rollback rule with PUT /api/platform/release-rules/{remote}.
 */
export const canaryApi = releasesApi.injectEndpoints({
  endpoints: (build) => ({
    getCanaries: build.query<CanariesAnswer, void>({
      query: () => 'platform/releases/canaries',
      providesTags: ['Releases'],
    }),
    setCanaryShare: build.mutation<
      ApiResponse<'/api/platform/releases/{id}/canary', 'put'>,
      { id: string; percent: number; expectedCurrentId: string | null }
    >({
      query: ({ id, percent, expectedCurrentId }) => ({
        url: `platform/releases/${id}/canary`,
        method: 'PUT',
        body: { percent, expected_current_id: expectedCurrentId },
      }),
      invalidatesTags: ['Releases'],
    }),
    setRollbackRule: build.mutation<RollbackRule, { remote: string; rule: RollbackRule }>({
      query: ({ remote, rule }) => ({ url: `platform/release-rules/${remote}`, method: 'PUT', body: rule }),
      invalidatesTags: ['Releases'],
    }),
  }),
});
export const { useGetCanariesQuery, useSetCanaryShareMutation, useSetRollbackRuleMutation } = canaryApi;
