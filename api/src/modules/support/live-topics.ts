import { isAdmin } from '../../platform/auth/middleware.js';
import { readableTopic, type TopicRule } from '../../platform/realtime/topics.js';
import { readTicket } from './admin/service.js';
import { ownTicket } from './tickets/service.js';

/** Live pages (prisma/sql/live.sql): a ticket for its owner (GET /tickets/{id}) and for admins (GET /admin/tickets/{id}). */
export const liveTopics: TopicRule[] = [
  readableTopic('ticket', async (userId, id) => ((await isAdmin(userId)) ? readTicket(id) : ownTicket(userId, id))),
];
