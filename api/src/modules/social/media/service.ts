import { notFound } from '../../../platform/errors.js';
import { fileResponse, getStorage, isValidKey } from '../../../platform/storage/index.js';

/** A post's image or video, with the type its bytes were stored as and nosniff. */
export async function mediaFile(key: string): Promise<Response> {
  const obj = isValidKey(key) ? await getStorage().get('social_media_content', key) : null;
  if (!obj) throw notFound('No such file');
  return fileResponse(obj, { public: true });
}
