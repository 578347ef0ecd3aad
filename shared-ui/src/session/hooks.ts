import { useSelector } from 'react-redux';
import type { SessionState } from './sessionSlice';

export const useSession = () => useSelector((s: { session: SessionState }) => s.session);
