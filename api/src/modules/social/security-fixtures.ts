import { createUser } from '../../../test/helpers.js';
import type { SecurityFixtures } from '../../../test/security/fixtures.js';
import { createPost } from './posts/service.js';
import { PNG, file } from './testing.js';

/** Security-suite fixtures (test/security/fixtures.ts): real public posts and people for the social routes. */
const publicPost = async () =>
  (await createPost((await createUser()).id, { content_type: 'text', text_content: 'From the security suite' })).post;
const onPost = async () => ({ params: { id: (await publicPost()).id } });
const person = async () => ({ params: { id: (await createUser()).id } });

export const securityFixtures: SecurityFixtures = {
  'GET /api/social/posts': async () => {
    await publicPost();
    return {};
  },
  'POST /api/social/posts': () => ({
    form: { content_type: 'text', text_content: 'Hello from the security suite', tags: 'a,b' },
    expect: [201],
  }),
  'GET /api/social/posts/{id}': onPost,
  'POST /api/social/posts/{id}/like': onPost,
  'GET /api/social/posts/{id}/comments': onPost,
  'POST /api/social/posts/{id}/comments': async () => ({
    ...(await onPost()),
    body: { comment_text: 'A comment' },
    expect: [201],
  }),
  'GET /api/social/media/{key}': async () => {
    const { post } = await createPost((await createUser()).id, {
      content_type: 'image',
      file: file(PNG, 'a.png', 'image/png'),
    });
    return { params: { key: post.media_url!.split('/').pop()! } };
  },
  'GET /api/social/users/{ref}': async () => ({ params: { ref: (await createUser()).id } }),
  'GET /api/social/users/{id}/posts': person,
  'POST /api/social/users/{id}/friend': person,
  'DELETE /api/social/users/{id}/friend': person,
};
