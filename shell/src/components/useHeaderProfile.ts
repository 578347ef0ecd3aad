import { useEffect, useState } from 'react';
import { apiFetch, onProfileAnnounced, useSession, type ProfileSummary } from '@portal/shared-ui';

export type HeaderProfile = ProfileSummary;

/**
 * Display name, avatar and username for the header's avatar menu (docs/product.md "Public pages"), from
 * GET /api/profile. Plain fetch (no RTK Query on the shell's first load); one request per signed-in
 * user, then kept current by the profile a remote announces after saving it; on failure the menu
 * falls back to the session's e-mail.
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
    const stopListening = onProfileAnnounced((saved) => {
      cache.set(userId, Promise.resolve(saved));
      setProfile(saved);
    });
    return () => {
      live = false;
      stopListening();
    };
  }, [userId]);
  return profile;
}
