import { createRouter } from '../../platform/http/router.js';
import * as admin from './admin/handlers.js';
import { adminTicketRoute, adminTicketsRoute, updateTicketRoute } from './admin/routes.js';
import * as attachments from './attachments/handlers.js';
import { adminAttachmentRoute, ownAttachmentRoute } from './attachments/routes.js';
import * as contactMessages from './contact-messages/handlers.js';
import { contactMessagesRoute, markHandledRoute } from './contact-messages/routes.js';
import * as responses from './responses/handlers.js';
import { adminRespondRoute, respondRoute } from './responses/routes.js';
import * as tickets from './tickets/handlers.js';
import { createTicketRoute, myTicketsRoute, showTicketRoute } from './tickets/routes.js';

/**
 * /api/support. /tickets and /tickets/{id} -> tickets/ (the caller's own: list, open, show);
 * /tickets/{id}/responses and /admin/tickets/{id}/responses -> responses/; /attachments/{id} and
 * /admin/attachments/{id} -> attachments/ (storing and serving the private files); /admin/tickets and
 * /admin/tickets/{id} -> admin/ (all tickets: list, show, status and priority); /admin/contact-messages/**
 * -> contact-messages/. E-mails to the ticket's user: notify.ts; keyset pages: pages.ts; what the
 * database keeps true: prisma/sql/support.sql. Shapes: schemas.ts; rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(myTicketsRoute, tickets.list)
  .openapi(createTicketRoute, tickets.create)
  .openapi(showTicketRoute, tickets.show)
  .openapi(respondRoute, responses.respond)
  .openapi(ownAttachmentRoute, attachments.own)
  .openapi(adminTicketsRoute, admin.list)
  .openapi(adminTicketRoute, admin.show)
  .openapi(updateTicketRoute, admin.update)
  .openapi(adminRespondRoute, responses.adminRespond)
  .openapi(adminAttachmentRoute, attachments.any)
  .openapi(contactMessagesRoute, contactMessages.list)
  .openapi(markHandledRoute, contactMessages.handle);

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
