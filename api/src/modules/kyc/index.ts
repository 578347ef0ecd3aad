import { createRouter } from '../../platform/http/router.js';
import { countries, document, getKyc, submitKyc } from './handlers.js';
import { countriesRoute, documentRoute, getKycRoute, submitKycRoute } from './routes.js';

/** /api/kyc: identity verification of the caller (the admin review is in the admin module). */
export const router = createRouter()
  .openapi(getKycRoute, getKyc)
  .openapi(countriesRoute, countries)
  .openapi(submitKycRoute, submitKyc)
  .openapi(documentRoute, document);
