import { useDispatch } from 'react-redux';
import { sessionReceived, toast, useLocation, useNavigate, type TokenResponse } from '@portal/shared-ui';

/**
 * After any successful sign-in: store the session, say so (docs/product.md "Sign-in and sessions" success texts) and go to
 * /dashboard (or back to the signed-in page the visitor was sent away from).
 */
export function useSignedIn() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (tokens: TokenResponse, description: 'Welcome back!' | 'Welcome!') => {
    dispatch(sessionReceived(tokens));
    toast({ title: 'Login Successful', description, variant: 'success' });
    navigate(from && from !== '/auth' ? from : '/dashboard', { replace: true });
  };
}
