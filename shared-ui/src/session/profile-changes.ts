import type { ApiSchema } from '../api-types';

/** What the header shows of the signed-in user's profile. */
export type ProfileSummary = Pick<ApiSchema<'Profile'>, 'full_name' | 'username' | 'avatar_url' | 'email'>;

type Listener = (profile: ProfileSummary) => void;
const listeners = new Set<Listener>();

/**
 * A remote that saved the profile announces the server's answer, so the shell's header (which
 * fetched the profile once, outside any remote's API slice) shows the new name and avatar at once.
 * shared-ui is one shared instance, so shell and remotes see the same listeners.
 */
export function announceProfile(profile: ProfileSummary): void {
  for (const listener of listeners) listener(profile);
}

export function onProfileAnnounced(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
