import { useEffect, useState } from 'react';
import { apiFetch, useSession, type ApiSchema } from '@portal/shared-ui';

/** The fields of GET /api/profile the header shows. */
export type HeaderProfile = Pick<ApiSchema<'Profile'>, 'full_name' | 'username' | 'avatar_url' | 'email'>;

/**
 * Display name, avatar and username for the header's avatar menu (spec 001 §2), from
 * GET /api/profile. Plain fetch (no RTK Query on the shell's first load); one request per signed-in
 * user; on failure the menu falls back to the session's e-mail.
 */
const cache = new Map<string, Promise<HeaderProfile | null>>();

export function useHeaderProfile(): HeaderProfile | null {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user?.id : undefined;
  const [profile, setProfile] = useState<HeaderProfile | null>(null);
  useEffect(() => {
    if (!userId) {
      setProfile(null);
      cache.clear();
      return;
    }
    let live = true;
    let p = cache.get(userId);
    if (!p) {
      p = apiFetch<HeaderProfile>('/api/profile').catch(() => null);
      cache.set(userId, p);
    }
    void p.then((v) => live && setProfile(v));
    return () => {
      live = false;
    };
  }, [userId]);
  return profile;
}
