import { apiFetch } from '@portal/shared-ui';
import { useLiveCount } from './useLiveCount';

const readUnread = () => apiFetch<{ unread_total: number }>('/api/messages/unread').then((r) => r.unread_total);
const EVENTS = ['message', 'read'];

/** The header's count of unread messages, asked again on each live message or read event. */
export function useUnreadMessages(): number {
  return useLiveCount(readUnread, EVENTS)[0];
}
