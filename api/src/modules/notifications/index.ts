import { createRouter } from '../../platform/http/router.js';
import * as emailPreferences from './email-preferences/handlers.js';
import { preferencesRoute, setPreferenceRoute } from './email-preferences/routes.js';
import * as notifications from './notifications/handlers.js';
import { listRoute, readOneRoute } from './notifications/routes.js';
import { readAll } from './read-all/handlers.js';
import { readAllRoute } from './read-all/routes.js';
import { unread } from './unread/handlers.js';
import { unreadRoute } from './unread/routes.js';

/**
 * /api/notifications: the caller's entries and their per-kind e-mail preferences. Each path's code is
 * in the folder of its segment: the root and /{id}/read -> notifications/ (a page, mark one read),
 * /unread -> unread/, /read-all -> read-all/, /email-preferences -> email-preferences/. Entries are
 * written by platform/notifications in the transactions of the events; the live count comes through
 * the socket ('notification' events).
 */
export const router = createRouter()
  .openapi(listRoute, notifications.list)
  .openapi(unreadRoute, unread)
  .openapi(readAllRoute, readAll)
  .openapi(readOneRoute, notifications.readOne)
  .openapi(preferencesRoute, emailPreferences.preferences)
  .openapi(setPreferenceRoute, emailPreferences.setPreference);
