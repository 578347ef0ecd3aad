import type { TopicRule } from '../../platform/realtime/topics.js';

/** Live pages (prisma/sql/live.sql): the dashboard's balances, for their owner only (as GET /dashboard reads only the caller's). */
export const liveTopics: TopicRule[] = [{ kind: 'wallets', mayWatch: async (user, userId) => user.id === userId }];
