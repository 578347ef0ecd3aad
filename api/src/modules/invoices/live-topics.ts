import { readableTopic, type TopicRule } from '../../platform/realtime/topics.js';
import { invoiceOf } from './invoices/service.js';

/** Live pages (prisma/sql/live.sql): an invoice for its creator, and for its client once sent. */
export const liveTopics: TopicRule[] = [readableTopic('invoice', invoiceOf)];
