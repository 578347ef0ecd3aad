import type { RouteHandler } from '@hono/zod-openapi';
import { currentUser } from '../../platform/auth/middleware.js';
import type { AppEnv } from '../../platform/http/env.js';
import { fileResponse } from '../../platform/storage/index.js';
import { COUNTRY_CODES } from './countries.js';
import type { countriesRoute, documentRoute, getKycRoute, submitKycRoute } from './routes.js';
import * as svc from './service.js';

export const getKyc: RouteHandler<typeof getKycRoute, AppEnv> = async (c) => c.json(await svc.getKyc(currentUser(c).id), 200);

const countryList = [...COUNTRY_CODES].sort();
export const countries: RouteHandler<typeof countriesRoute, AppEnv> = async (c) =>
  c.json({ countries: countryList }, 200, { 'Cache-Control': 'public, max-age=86400' });

export const submitKyc: RouteHandler<typeof submitKycRoute, AppEnv> = async (c) =>
  c.json(await svc.submitKyc(currentUser(c).id, c.req.valid('form')), 201);

export const document: RouteHandler<typeof documentRoute, AppEnv> = (async (c: Parameters<RouteHandler<typeof documentRoute, AppEnv>>[0]) =>
  fileResponse(await svc.ownDocument(currentUser(c).id, c.req.valid('param').id), { public: false })) as never;
