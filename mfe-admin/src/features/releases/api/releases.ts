import type { ApiResponse } from '@portal/shared-ui';
import { adminApi } from '../../../lib/api';

export type ReleasesAnswer = ApiResponse<'/api/platform/releases', 'get'>;
export type RemoteReleases = ReleasesAnswer['remotes'][number];
export type Release = RemoteReleases['releases'][number];

/**
 * The Releases page: GET /api/platform/releases (every remote's current release and
 * history, load failures per release, the release this admin previews); make a release current
 * (promote or roll back: POST .../current with the current release the admin saw); preview one in
 * this browser (POST .../preview sets an httpOnly cookie; DELETE /releases/preview ends it).
 */
const withReleases = adminApi.enhanceEndpoints({ addTagTypes: ['Releases'] });
export const releasesApi = withReleases.injectEndpoints({
  endpoints: (build) => ({
    getReleases: build.query<ReleasesAnswer, void>({ query: () => 'platform/releases', providesTags: ['Releases'] }),
    makeReleaseCurrent: build.mutation<
      ApiResponse<'/api/platform/releases/{id}/current', 'post'>,
      { id: string; expectedCurrentId: string | null }
    >({
      query: ({ id, expectedCurrentId }) => ({
        url: `platform/releases/${id}/current`,
        method: 'POST',
        body: { expected_current_id: expectedCurrentId },
      }),
      invalidatesTags: ['Releases'],
    }),
    previewRelease: build.mutation<void, string>({
      query: (id) => ({ url: `platform/releases/${id}/preview`, method: 'POST' }),
      invalidatesTags: ['Releases'],
    }),
    endPreview: build.mutation<void, void>({
      query: () => ({ url: 'platform/releases/preview', method: 'DELETE' }),
      invalidatesTags: ['Releases'],
    }),
  }),
});
export const { useGetReleasesQuery, useMakeReleaseCurrentMutation, usePreviewReleaseMutation, useEndPreviewMutation } =
  releasesApi;
