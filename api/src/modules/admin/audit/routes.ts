import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { calendarDate } from '../../../platform/http/fields.js';
import { NOT_STORABLE, storableText, errorResponse as err } from '../../../platform/http/schemas.js';
import { adminOnly } from '../schemas.js';

/** An audit entry's recorded fields (platform/audit stores objects, or null when absent). */
const AuditFields = z.record(z.string(), z.unknown()).nullable();

export const auditRoute = createRoute({
  method: 'get',
  path: '/audit',
  'x-access': 'admin',
  tags: ['admin'],
  summary:
    'Audit log, newest first (who, what, when, before and after), 50 a page; filters: actor (name, e-mail or id), action (prefix), target (subject, a prefix when it ends in ":"), dates',
  middleware: [requireAdmin] as const,
  security: [{ bearer: [] }],
  request: {
    query: z.object({
      subject: z.string().max(200).refine(storableText, NOT_STORABLE).optional(),
      actor: z.string().trim().max(200).refine(storableText, NOT_STORABLE).optional(),
      action: z
        .string()
        .trim()
        .max(100)
        .regex(/^[a-z0-9_.-]*$/, 'Letters, digits, dots, dashes and underscores only.')
        .optional(),
      from: calendarDate().optional(),
      to: calendarDate().optional(),
      cursor: z
        .string()
        .regex(/^\d{1,19}$/, 'Not a cursor from this list.')
        .optional(),
    }),
  },
  responses: {
    200: {
      description: 'Entries',
      content: {
        'application/json': {
          schema: z.object({
            entries: z.array(
              z.object({
                id: z.string(),
                actor_id: z.string().nullable(),
                actor_name: z.string().nullable(),
                action: z.string(),
                action_words: z.string().openapi({ description: 'The action in words' }),
                subject: z.string().nullable(),
                subject_name: z.string().nullable().openapi({
                  description:
                    "The subject's name now (a person, 'TKT-000123 · subject', a campaign); null when the record is gone",
                }),
                before: AuditFields,
                after: AuditFields,
                data: AuditFields,
                created_at: z.string(),
              }),
            ),
            next_cursor: z.string().nullable(),
          }),
        },
      },
    },
    400: err('Invalid query'),
    ...adminOnly,
  },
});
