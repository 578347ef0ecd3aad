import { readableTopic, type TopicRule } from '../../platform/realtime/topics.js';
import { visibleCampaign } from './campaigns/service.js';

/** Live pages (prisma/sql/live.sql): a campaign for its owner, and for everyone once public. */
export const liveTopics: TopicRule[] = [readableTopic('campaign', visibleCampaign)];
