import { useLiveCount } from '../../components/useLiveCount';
import { fetchUnread } from './api';

const readUnread = () => fetchUnread().then((r) => r.unread);
const EVENTS = ['notification'];

/** The bell's unread count: asked again on each 'notification' event (only the user's own reach their socket). */
export const useUnreadNotifications = () => useLiveCount(readUnread, EVENTS);
