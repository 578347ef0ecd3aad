import { describe, expect, it } from 'vitest';
import { routeOwner } from './route-owner';

// /profile is the wallet's own profile page, /profile/{user_id} a public profile in mfe-social.
describe('which remote owns a path: the longest matching route prefix', () => {
  const wallet = { name: 'mfe-wallet', routes: ['/dashboard', '/profile'] };
  const social = { name: 'mfe-social', routes: ['/feed', '/profile/', '/messages'] };
  it('gives /profile to the wallet and /profile/{id} to the social remote, whatever the order', () => {
    for (const remotes of [
      [wallet, social],
      [social, wallet],
    ]) {
      expect(routeOwner(remotes, '/profile')?.name).toBe('mfe-wallet');
      expect(routeOwner(remotes, '/profile/0b6c1f4e-1111-4222-8333-444455556666')?.name).toBe('mfe-social');
      expect(routeOwner(remotes, '/messages/new')?.name).toBe('mfe-social');
      expect(routeOwner(remotes, '/profiles')).toBeUndefined();
    }
  });
});
