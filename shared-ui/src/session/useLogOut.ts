import { toast } from '../components/Toast';
import { useNavigate } from '../router';
import { errorMessage } from '../store/baseQuery';
import { signOut } from './manager';

/** A Log Out button's action: signs out (this session), goes home and says so; a failure is toasted. */
export function useLogOut() {
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      navigate('/');
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Logout Failed', description: errorMessage(e), variant: 'destructive' });
    }
  };
}
