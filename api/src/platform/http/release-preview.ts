import { readSignedCookie, signCookieValue } from './session-marker.js';

/**
 * An admin's preview of one release: `portal_preview=<release id>.<admin id>.<expiry>.<HMAC>`,
 * httpOnly, made only by POST /api/platform/releases/{id}/preview for an admin. The page's boot
 * registry and GET /api/platform/remotes put the previewed release in place of its remote's current
 * one only while the caller is that admin (the admin hint on pages, the admin check on the API), so
 * a staged release stays invisible to users; anyone else's cookie, or a forged one, is ignored.
 */
export const PREVIEW_COOKIE = 'portal_preview';
export const PREVIEW_SECONDS = 60 * 60;

export function previewCookie(releaseId: string, adminId: string, secure: boolean): string {
  const value = signCookieValue(PREVIEW_COOKIE, [releaseId, adminId], Math.floor(Date.now() / 1000) + PREVIEW_SECONDS);
  return `${PREVIEW_COOKIE}=${value}; Max-Age=${PREVIEW_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const clearPreviewCookie = (secure: boolean) =>
  `${PREVIEW_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The release `adminId` previews (a valid cookie made for them), or null. */
export function previewedRelease(cookieHeader: string | undefined, adminId: string | null): string | null {
  if (!adminId) return null;
  const fields = readSignedCookie(cookieHeader, PREVIEW_COOKIE, PREVIEW_COOKIE, 2);
  return fields && fields[1] === adminId ? fields[0]! : null;
}
