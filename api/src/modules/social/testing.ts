import { getPool } from '../../platform/db/pool.js';
import { file, form, moduleClient, PNG, recordStoredKeys, type Json } from '../../../test/module-client.js';

/** What the social tests share (test/module-client.ts, plus video bytes, posts and privacy). */
export { file, PNG, recordStoredKeys, type Json };
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(28)]);

export function socialTestClient() {
  const { app, call, allPages } = moduleClient('social');
  const post = (userId: string, fields: Record<string, string | Blob>) => call(userId, 'POST', '/posts', form(fields));
  const textPost = async (userId: string, text: string) =>
    (await post(userId, { content_type: 'text', text_content: text })).body.post as Json;
  /** Every page of a post list from its first. */
  const postPages = (userId: string, path: string) => allPages(userId, path, 'posts');
  return { app, call, post, textPost, allPages: postPages };
}

export const setPrivacy = (userId: string, privacy: 'public' | 'friends_only' | 'private') =>
  getPool().query('UPDATE profiles SET profile_privacy = $2::profile_privacy WHERE id = $1', [userId, privacy]);
