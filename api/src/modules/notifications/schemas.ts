import { z } from '@hono/zod-openapi';
import { NotificationKind } from '../../generated/prisma/enums.js';
import { KeysetCursor } from '../../platform/http/schemas.js';

export { json, security, errorResponse as err } from '../../platform/http/schemas.js';

// What the notification routes share.

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

export const Cursor = KeysetCursor;

export const NotificationShape = z
  .object({
    id: z.uuid(),
    kind: z.enum(NotificationKind),
    /** who and what, in words (a payment names its sender) */
    text: z.string(),
    /** the object's page in the portal */
    link: z.string(),
    actor: z
      .object({
        id: z.uuid(),
        full_name: z.string().nullable(),
        username: z.string().nullable(),
        avatar_url: z.string().nullable(),
      })
      .nullable(),
    read: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Notification');

export const Unread = z.object({ unread: z.number().int() });
export const IdParam = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
