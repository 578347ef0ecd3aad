import { z } from '@hono/zod-openapi';
import { NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

// What the social routes share: a post, a comment, a person, the inputs, the texts of docs/product.md "Feed and profiles".

export { json, security } from '../../platform/http/schemas.js';
export const POST_NOT_FOUND = 'Post not found.';
export const USER_NOT_FOUND = 'User not found.';
const uuidParam = (name: string, notFound: string) => z.uuid(notFound).openapi({ param: { name, in: 'path' } });
export const PostParam = z.object({ id: uuidParam('id', POST_NOT_FOUND) });
export const UserIdParam = z.object({ id: uuidParam('id', USER_NOT_FOUND) });
export const text = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
/** A keyset cursor `<created_at ISO>_<id>` as views.ts writes it; a real date and a uuid, or 400. */
export const Cursor = z
  .string()
  .max(80)
  .regex(
    /^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'Not a cursor from this list.',
  )
  .refine((c) => !Number.isNaN(Date.parse(c.split('_')[0]!)), 'Not a cursor from this list.');
const WRITE_A_COMMENT = 'Please write a comment.';
/** docs/product.md "Feed and profiles": not blank after trimming; 2,000 characters at most. */
export const CommentText = z
  .string(WRITE_A_COMMENT)
  .trim()
  .min(1, WRITE_A_COMMENT)
  .max(2000, 'At most 2000 characters.')
  .refine(storableText, NOT_STORABLE);

const at = z.string().openapi({ format: 'date-time' });
export const Author = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    username: z.string().nullable(),
    avatar_url: z.string().nullable(),
  })
  .openapi('SocialPerson');
export const PostShape = z
  .object({
    id: z.uuid(),
    content_type: z.enum(['text', 'image', 'video']),
    text_content: z.string().nullable(),
    media_url: z.string().nullable(),
    tags: z.array(z.string()).nullable(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    created_at: at,
    liked_by_me: z.boolean(),
    author: Author,
  })
  .openapi('SocialPost');
export const PostPage = z.object({ posts: z.array(PostShape), next_cursor: z.string().nullable() });
export const CommentShape = z
  .object({ id: z.uuid(), comment_text: z.string(), created_at: at, commenter: Author })
  .openapi('SocialComment');
export const Relationship = z.enum(['self', 'none', 'requested', 'incoming', 'friends']);
