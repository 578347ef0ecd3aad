import type { ApiResponse } from '@portal/shared-ui';
import { socialApi } from '../../../lib/api';

export interface NewPost {
  content_type: 'text' | 'image' | 'video';
  text_content: string;
  tags: string;
  file: File | null;
}

/** POST /api/social/posts (multipart: the file's bytes decide whether it is accepted). */
export const createPostApi = socialApi.injectEndpoints({
  endpoints: (build) => ({
    createPost: build.mutation<ApiResponse<'/api/social/posts', 'post'>, NewPost>({
      query: ({ file, ...fields }) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
        if (file) form.append('file', file);
        return { url: 'social/posts', method: 'POST', body: form };
      },
      invalidatesTags: ['Feed', 'Person'],
    }),
  }),
});
export const { useCreatePostMutation } = createPostApi;
