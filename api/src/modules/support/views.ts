import { Prisma } from '../../platform/db/prisma.js';
import { ATTACHMENT_TYPES, type AttachmentType } from './schemas.js';

// Prisma rows -> the JSON of schemas.ts, with Prisma's own row types. An attachment's url is the
// route its reader may use: the owner's (/attachments/{id}) in the user's views, the admins' in theirs.

/** The tables of the keyset pages (platform/db/keyset.ts), aliased t. */
export const TICKETS = Prisma.sql`customer_support_tickets t`;
export const CONTACT_MESSAGES = Prisma.sql`contact_messages t`;

export const USER_FILES = '/api/support/attachments/';
export const ADMIN_FILES = '/api/support/admin/attachments/';
type Files = typeof USER_FILES | typeof ADMIN_FILES;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const oldestFirst = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

const attachmentSelect = {
  id: true,
  fileName: true,
  contentType: true,
  sizeBytes: true,
} satisfies Prisma.SupportAttachmentSelect;
type AttachmentRow = Prisma.SupportAttachmentGetPayload<{ select: typeof attachmentSelect }>;
const attachmentView = (a: AttachmentRow, files: Files) => ({
  id: a.id,
  file_name: a.fileName,
  content_type: attachmentType(a.contentType),
  size_bytes: a.sizeBytes,
  url: `${files}${a.id}`,
});

/** The column is text with a CHECK of these types (the support migration), so any other is a broken row. */
function attachmentType(stored: string): AttachmentType {
  const known = ATTACHMENT_TYPES.find((t) => t === stored);
  if (!known) throw new Error(`support attachment of an unaccepted type: ${stored}`);
  return known;
}

/** A ticket with its own attachments (those of its responses are shown with the responses). */
export const ticketInclude = {
  attachments: { where: { responseId: null }, select: attachmentSelect, orderBy: oldestFirst },
} satisfies Prisma.CustomerSupportTicketInclude;
type TicketRow = Prisma.CustomerSupportTicketGetPayload<{ include: typeof ticketInclude }>;
export const ticketView = (t: TicketRow, files: Files = USER_FILES) => ({
  id: t.id,
  ticket_id: t.ticketId,
  subject: t.subject,
  description: t.description,
  priority: t.priority,
  status: t.status,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
  resolved_at: iso(t.resolvedAt),
  attachments: t.attachments.map((a) => attachmentView(a, files)),
});

/** For admins: the ticket with the user who opened it. */
export const adminTicketInclude = {
  ...ticketInclude,
  user: {
    select: {
      id: true,
      fullName: true,
      username: true,
      avatarUrl: true,
      customerId: true,
      user: { select: { email: true } },
    },
  },
} satisfies Prisma.CustomerSupportTicketInclude;
type AdminTicketRow = Prisma.CustomerSupportTicketGetPayload<{ include: typeof adminTicketInclude }>;
export const adminTicketView = (t: AdminTicketRow) => ({
  ...ticketView(t, ADMIN_FILES),
  user: {
    id: t.user.id,
    full_name: t.user.fullName,
    email: t.user.user.email,
    username: t.user.username,
    customer_id: t.user.customerId,
    avatar_url: t.user.avatarUrl,
  },
});

/** Responses oldest first (docs/product.md "Support"), each with its responder and attachments. */
export const responseInclude = {
  responder: { select: { id: true, fullName: true, avatarUrl: true, isAdmin: true } },
  attachments: { select: attachmentSelect, orderBy: oldestFirst },
} satisfies Prisma.TicketResponseInclude;
export const responsesOf = (ticketId: string) =>
  ({
    where: { ticketId },
    include: responseInclude,
    orderBy: oldestFirst,
    take: 500,
  }) satisfies Prisma.TicketResponseFindManyArgs;
type ResponseRow = Prisma.TicketResponseGetPayload<{ include: typeof responseInclude }>;
export const responseView = (r: ResponseRow, files: Files) => ({
  id: r.id,
  response_text: r.responseText,
  is_admin_response: r.isAdminResponse,
  created_at: r.createdAt.toISOString(),
  responder: {
    id: r.responder.id,
    full_name: r.responder.fullName,
    avatar_url: r.responder.avatarUrl,
    is_admin: r.responder.isAdmin,
  },
  attachments: r.attachments.map((a) => attachmentView(a, files)),
});

export const contactMessageInclude = {
  handler: { select: { id: true, fullName: true } },
} satisfies Prisma.ContactMessageInclude;
type ContactMessageRow = Prisma.ContactMessageGetPayload<{ include: typeof contactMessageInclude }>;
export const contactMessageView = (m: ContactMessageRow) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.message,
  user_id: m.userId,
  created_at: m.createdAt.toISOString(),
  handled: m.handledAt !== null,
  handled_at: iso(m.handledAt),
  handled_by: m.handler ? { id: m.handler.id, full_name: m.handler.fullName } : null,
});
