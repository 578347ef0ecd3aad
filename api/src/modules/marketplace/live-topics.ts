import { readableTopic, type TopicRule } from '../../platform/realtime/topics.js';
import { partyContract } from './contracts/service.js';
import { findProject } from './projects/service.js';

/** Live pages (prisma/sql/live.sql): a contract for its two parties, a project for whoever may read it. */
export const liveTopics: TopicRule[] = [
  readableTopic('contract', partyContract),
  readableTopic('project', (_userId, id) => findProject(id)),
];
