import { createRouter } from '../../platform/http/router.js';
import { countries } from './countries/handlers.js';
import { countriesRoute } from './countries/routes.js';
import { getKyc } from './kyc/handlers.js';
import { getKycRoute } from './kyc/routes.js';
import { document, submitKyc } from './submissions/handlers.js';
import { documentRoute, submitKycRoute } from './submissions/routes.js';

/**
 * /api/kyc: identity verification of the caller (the admin review is in the admin module). Each
 * path's code is in the folder of its segment: the root (status and latest submission) -> kyc/,
 * /countries -> countries/, /submissions/** -> submissions/ (submit, the document; the form's rules
 * in submissions/rules.ts). Shared: views.ts (a submission as its owner sees it), countries.ts.
 */
export const router = createRouter()
  .openapi(getKycRoute, getKyc)
  .openapi(countriesRoute, countries)
  .openapi(submitKycRoute, submitKyc)
  .openapi(documentRoute, document);
