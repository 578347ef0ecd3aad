import { z } from '@hono/zod-openapi';
import { KeysetCursor } from '../../platform/http/schemas.js';

export { json, security, errorResponse as err } from '../../platform/http/schemas.js';

// What the notification routes share.

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
export const NOTIFICATION_KINDS = [
  'money_received', 'request_received', 'request_paid', 'proposal_received', 'proposal_accepted', 'proposal_rejected',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_approved', 'milestone_auto_released',
  'milestone_disputed', 'milestone_resolved', 'investment_confirmed', 'investment_refunded', 'campaign_approved', 'campaign_rejected',
  'campaign_funded', 'campaign_failed', 'invoice_received', 'invoice_viewed', 'invoice_paid', 'invoice_overdue', 'deposit_settled',
  'deposit_failed', 'withdrawal_paid', 'withdrawal_returned', 'ticket_answered', 'ticket_resolved', 'kyc_approved', 'kyc_rejected',
  'friend_request', 'message_received',
] as const;

export const Cursor = KeysetCursor;

export const NotificationShape = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** who and what, in words (a payment names its sender) */
  text: z.string(),
  /** the object's page in the portal */
  link: z.string(),
  actor: z.object({ id: z.uuid(), full_name: z.string().nullable(), username: z.string().nullable(), avatar_url: z.string().nullable() }).nullable(),
  read: z.boolean(),
  created_at: z.string().openapi({ format: 'date-time' }),
}).openapi('Notification');

export const Unread = z.object({ unread: z.number().int() });
export const IdParam = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
