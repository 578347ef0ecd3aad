import { createRouter } from '../../platform/http/router.js';
import { send } from './contact/handlers.js';
import { contactRoute } from './contact/routes.js';

/** /api/contact: the contact form. Its one path, the root, -> contact/. */
export const router = createRouter().openapi(contactRoute, send);
