import { createRouter } from '../../platform/http/router.js';
import * as messages from './messages/handlers.js';
import { listMessagesRoute, sendRoute } from './messages/routes.js';
import * as threads from './threads/handlers.js';
import { listThreadsRoute, readRoute, showThreadRoute } from './threads/routes.js';
import * as unread from './unread/handlers.js';
import { unreadRoute } from './unread/routes.js';
import * as withUser from './with/handlers.js';
import { chatWithRoute, startChatRoute } from './with/routes.js';

export { socketHandlers } from './live.js';

/**
 * /api/messages. /threads and /threads/{id}(/read) -> threads/; /threads/{id}/messages -> messages/;
 * /with/{userId} (a chat with a person, created by its first message) -> with/; /unread -> unread/.
 * Over the socket (/api/realtime): typing and presence -> live.ts. The SQL (one thread per pair,
 * seq per thread, idempotent send, read positions) is prisma/sql/messages.sql. Shapes: schemas.ts;
 * rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(unreadRoute, unread.total)
  .openapi(listThreadsRoute, threads.list)
  .openapi(showThreadRoute, threads.show)
  .openapi(readRoute, threads.read)
  .openapi(listMessagesRoute, messages.list)
  .openapi(sendRoute, messages.send)
  .openapi(chatWithRoute, withUser.show)
  .openapi(startChatRoute, withUser.start);
