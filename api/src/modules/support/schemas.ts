import { z } from '@hono/zod-openapi';
import { NOT_STORABLE, storableText } from '../../platform/http/schemas.js';

// What the support routes share: a ticket, a response, an attachment, a contact message, the inputs
// and the texts of docs/product.md "Support" Support, New ticket / Ticket response, Support and admin errors.

export { KeysetCursor as Cursor, json, security } from '../../platform/http/schemas.js';
export const TICKET_NOT_FOUND = 'Ticket not found or you do not have permission to view it.';
export const ADMIN_TICKET_NOT_FOUND = 'Ticket not found.';
export const MESSAGE_NOT_FOUND = 'Message not found.';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';
export const PROVIDE_SUBJECT_AND_DESCRIPTION = 'Please provide a subject and description.';
export const WRITE_A_RESPONSE = 'Please write a response.';
export const CLOSED_TO_RESPONSES = 'This ticket is closed to new responses.';

/** docs/product.md "Support" Support constants. */
export const STATUSES = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketStatus = (typeof STATUSES)[number];
/** A user may no longer respond to a ticket in these (docs/product.md "Support"; enforced by prisma/sql/support.sql SU4). */
export const CLOSED_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const uuidParam = (notFound: string) => z.uuid(notFound).openapi({ param: { name: 'id', in: 'path' } });
export const TicketParam = z.object({ id: uuidParam(TICKET_NOT_FOUND) });
export const AdminTicketParam = z.object({ id: uuidParam(ADMIN_TICKET_NOT_FOUND) });
export const MessageParam = z.object({ id: uuidParam(MESSAGE_NOT_FOUND) });
export const AttachmentParam = z.object({ id: uuidParam(ATTACHMENT_NOT_FOUND) });

/** Not blank after trimming (the spec's message when it is), at most `max` characters, storable. */
const requiredText = (blank: string, max: number) =>
  z.string(blank).trim().min(1, blank).max(max, `At most ${max} characters.`).refine(storableText, NOT_STORABLE);
export const searchText = z.string().trim().max(100, 'At most 100 characters.').refine(storableText, NOT_STORABLE);

const FileField = z.any().openapi({
  type: 'string',
  format: 'binary',
  description: 'A JPEG, PNG or WebP image or a PDF, at most 5 MB (typed by its bytes)',
});
/** docs/product.md "Support": subject and description non-blank after trimming; priority medium unless chosen. */
export const NewTicketForm = z.object({
  subject: requiredText(PROVIDE_SUBJECT_AND_DESCRIPTION, 200),
  description: requiredText(PROVIDE_SUBJECT_AND_DESCRIPTION, 5000),
  priority: z.enum(PRIORITIES, 'Choose low, medium, high or urgent.').default('medium'),
  attachment: FileField.optional(),
});
/** docs/product.md "Support": non-empty after trimming. */
export const ResponseForm = z.object({
  response_text: requiredText(WRITE_A_RESPONSE, 5000),
  attachment: FileField.optional(),
});

const at = z.string().openapi({ format: 'date-time' });
export const AttachmentShape = z
  .object({
    id: z.uuid(),
    file_name: z.string(),
    content_type: z.enum(ATTACHMENT_TYPES),
    size_bytes: z.number().int(),
    url: z.string().openapi({ description: 'Where the caller reads the file (with the bearer token)' }),
  })
  .openapi('SupportAttachment');
export const TicketShape = z
  .object({
    id: z.uuid(),
    ticket_id: z.string().openapi({ example: 'TKT-000042' }),
    subject: z.string(),
    description: z.string(),
    priority: z.enum(PRIORITIES),
    status: z.enum(STATUSES),
    created_at: at,
    updated_at: at,
    resolved_at: at.nullable(),
    attachments: z.array(AttachmentShape),
  })
  .openapi('SupportTicket');
export const TicketUser = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    email: z.string(),
    username: z.string().nullable(),
    customer_id: z.string(),
    avatar_url: z.string().nullable(),
  })
  .openapi('SupportTicketUser');
export const AdminTicketShape = TicketShape.extend({ user: TicketUser }).openapi('SupportAdminTicket');
export const ResponseShape = z
  .object({
    id: z.uuid(),
    response_text: z.string(),
    is_admin_response: z.boolean(),
    created_at: at,
    responder: z.object({
      id: z.uuid(),
      full_name: z.string().nullable(),
      avatar_url: z.string().nullable(),
      is_admin: z.boolean(),
    }),
    attachments: z.array(AttachmentShape),
  })
  .openapi('SupportTicketResponse');
export const ContactMessageShape = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    user_id: z.uuid().nullable(),
    created_at: at,
    handled: z.boolean(),
    handled_at: at.nullable(),
    handled_by: z.object({ id: z.uuid(), full_name: z.string().nullable() }).nullable(),
  })
  .openapi('SupportContactMessage');
