import { apiFetch, type ApiResponse } from '@portal/shared-ui';

// The bell's calls (api/src/modules/notifications): the unread count, a keyset page, mark read.
export type NotificationPage = ApiResponse<'/api/notifications', 'get'>;
export type NotificationEntry = NotificationPage['notifications'][number];

export const fetchUnread = () => apiFetch<ApiResponse<'/api/notifications/unread', 'get'>>('/api/notifications/unread');
export const fetchPage = (cursor: string | null) =>
  apiFetch<NotificationPage>({ url: '/api/notifications', params: cursor ? { cursor } : undefined });
export const markRead = (id: string) =>
  apiFetch<ApiResponse<'/api/notifications/{id}/read', 'post'>>({
    url: `/api/notifications/${encodeURIComponent(id)}/read`,
    method: 'POST',
  });
export const markAllRead = () =>
  apiFetch<ApiResponse<'/api/notifications/read-all', 'post'>>({ url: '/api/notifications/read-all', method: 'POST' });
