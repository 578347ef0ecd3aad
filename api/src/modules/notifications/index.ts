import { createRouter } from '../../platform/http/router.js';
import * as email from './email/handlers.js';
import { preferencesRoute, setPreferenceRoute } from './email/routes.js';
import * as entries from './entries/handlers.js';
import { listRoute, readAllRoute, readOneRoute, unreadRoute } from './entries/routes.js';

/**
 * /api/notifications: the caller's entries (entries/: list, unread count, mark read) and their
 * per-kind e-mail preferences (email/). Entries are written by platform/notifications in the
 * transactions of the events; the live count comes through the socket ('notification' events).
 */
export const router = createRouter()
  .openapi(listRoute, entries.list)
  .openapi(unreadRoute, entries.unread)
  .openapi(readAllRoute, entries.readAll)
  .openapi(readOneRoute, entries.readOne)
  .openapi(preferencesRoute, email.preferences)
  .openapi(setPreferenceRoute, email.setPreference);
