import { toast } from '../components/Toast';
import { useNavigate } from '../router';
import { errorMessage } from '../store/baseQuery';
import { signOut } from './manager';

/**
 * Every Log Out button's action (header, dashboard, admin sidebar): signs out, goes home and says so.
 * signOut() ends the local session even when the server call fails, so a failure goes home too,
 * with the 'Logout Failed' toast (docs/product.md "Sign-in and sessions").
 */
export function useLogOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Logout Failed', description: errorMessage(e), variant: 'destructive' });
    } finally {
      navigate('/');
    }
  };
}
