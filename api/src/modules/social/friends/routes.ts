import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth/middleware.js';
import { errorResponse as err } from '../../../platform/http/schemas.js';
import { Relationship, UserIdParam, json, security } from '../schemas.js';

// /users/{id}/friend: Add Friend (a request, or accepting theirs) and Remove (cancel, decline, unfriend).
const answer = json('Where the caller now stands with the person', z.object({ relationship: Relationship }));
export const addFriendRoute = createRoute({
  method: 'post',
  path: '/users/{id}/friend',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'Ask to be friends, or accept their request',
  middleware: [requireAuth] as const,
  request: { params: UserIdParam },
  responses: { 200: answer, 400: err('Oneself'), 401: err('Not signed in'), 404: err('User not found.') },
});
export const removeFriendRoute = createRoute({
  method: 'delete',
  path: '/users/{id}/friend',
  tags: ['social'],
  'x-access': 'user',
  security,
  summary: 'Cancel the request, decline theirs, or end the friendship',
  middleware: [requireAuth] as const,
  request: { params: UserIdParam },
  responses: { 200: answer, 400: err('Oneself'), 401: err('Not signed in'), 404: err('User not found.') },
});
