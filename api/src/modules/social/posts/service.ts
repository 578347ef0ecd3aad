import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound, validationError } from '../../../platform/errors.js';
import {
  IMAGE_TYPES,
  VIDEO_TYPES,
  removeUpload,
  storeUpload,
  type UploadRule,
} from '../../../platform/storage/index.js';
import { visibleAuthors } from '../privacy.js';
import { POST_NOT_FOUND } from '../schemas.js';
import { before, cursorOf, parseCursor, postInclude, postView } from '../views.js';
import type { ReadClient } from '../../../platform/db/replica.js';

const PAGE = 10;
const MEDIA_PATH = '/api/social/media/';
/** docs/product.md "Feed and profiles" 'Please select an {image|video} file.', with the article English wants. */
const NO_FILE = { image: 'Please select an image file.', video: 'Please select a video file.' } as const;
/** docs/product.md "Feed and profiles": the file decides the kind; its bytes must be that kind. */
const RULES: Record<'image' | 'video', UploadRule> = {
  image: { types: IMAGE_TYPES, maxBytes: 5 * 1024 * 1024, noun: 'image' },
  video: { types: VIDEO_TYPES, maxBytes: 25 * 1024 * 1024, noun: 'video' },
};

/** Newest first, pages of 10 by keyset (created_at, id), only posts whose author the viewer may see; `authorId` narrows to one person. */
/** `db`: a replica for the feed (platform/db/replica.ts), the primary by default. */
export async function postPage(
  viewer: string,
  cursor: string | undefined,
  authorId?: string,
  db: ReadClient = getPrisma(),
) {
  const rows = await db.socialPost.findMany({
    where: {
      ...before(parseCursor(cursor)),
      ...(authorId ? { userId: authorId } : {}),
      author: visibleAuthors(viewer),
    },
    include: postInclude(viewer),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: PAGE + 1,
  });
  const page = rows.slice(0, PAGE);
  return { posts: page.map(postView), next_cursor: rows.length > PAGE ? cursorOf(page.at(-1)!) : null };
}

/** A post the viewer may see; 'Post not found.' otherwise (whether it exists or is hidden). */
export async function visiblePost(viewer: string, id: string) {
  const p = await getPrisma().socialPost.findFirst({
    where: { id, author: visibleAuthors(viewer) },
    include: postInclude(viewer),
  });
  if (!p) throw notFound(POST_NOT_FOUND);
  return p;
}
export const showPost = async (viewer: string, id: string) => ({ post: postView(await visiblePost(viewer, id)) });

export interface NewPost {
  content_type: 'text' | 'image' | 'video';
  text_content?: string;
  tags?: string;
  file?: unknown;
}
/** Tags: comma separated, trimmed, empties dropped, at most 10 of 30 characters. */
export function parseTags(raw: string | undefined): string[] {
  const tags = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > 10 || tags.some((t) => t.length > 30))
    throw validationError({ tags: 'At most 10 tags of 30 characters each.' });
  return tags;
}

export async function createPost(userId: string, input: NewPost) {
  const text = input.text_content?.trim() || null;
  const tags = parseTags(input.tags);
  let mediaKey: string | null = null;
  if (input.content_type === 'text') {
    if (!text) throw validationError({ text_content: 'Please write something for your text post.' });
  } else {
    const hasFile = input.file instanceof Blob && input.file.size > 0;
    if (!hasFile) throw validationError({ file: NO_FILE[input.content_type] });
    mediaKey = (
      await storeUpload('social_media_content', input.file, {
        ownerId: userId,
        prefix: `${userId}-${Date.now()}`,
        field: 'file',
        rule: RULES[input.content_type],
      })
    ).key;
  }
  try {
    const p = await getPrisma().socialPost.create({
      data: {
        userId,
        contentType: input.content_type,
        textContent: text,
        mediaUrl: mediaKey && `${MEDIA_PATH}${mediaKey}`,
        tags,
      },
      include: postInclude(userId),
    });
    return { post: postView(p) };
  } catch (e) {
    if (mediaKey) await removeUpload('social_media_content', mediaKey); // a post not saved keeps no file
    throw e;
  }
}
