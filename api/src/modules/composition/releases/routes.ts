import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/middleware.js';
import { errorResponse as err, json, security } from '../../../platform/http/schemas.js';

// /releases: the admin's Releases page: every remote's current release and history,
// promote a staged one, roll back to an earlier one, preview one before promoting it.
export const Release = z
  .object({
    id: z.uuid(),
    remote: z.string(),
    version: z.string(),
    content_hash: z.string(),
    entry_url: z.string(),
    routes: z.array(z.string()),
    audience: z.enum(['user', 'admin']),
    build_bytes: z.number().int(),
    published_by: z.string(),
    published_at: z.string(),
    first_current_at: z.string().nullable(),
    state: z
      .enum(['current', 'staged', 'previous'])
      .openapi({ description: 'staged: published with --stage and never current; previous: current before' }),
    load_failures: z
      .object({ total: z.number().int(), last_hour: z.number().int() })
      .openapi({ description: 'Browsers that reported this release failing to load' }),
    files_deleted: z.boolean().openapi({
      description: 'The retention job deleted its build files: it cannot be previewed or made current again',
    }),
  })
  .openapi('RemoteRelease');

const adminOnly = { 401: err('Not signed in'), 403: err('Not an admin') };
const ReleaseId = z.object({ id: z.uuid('Unknown release') });

export const listReleasesRoute = createRoute({
  method: 'get',
  path: '/releases',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    'Every remote with its current release and its history (newest first, 20 each), load failures per release, and the release this admin previews',
  middleware: [requireAdmin] as const,
  responses: {
    200: json(
      'Remotes and releases',
      z.object({
        remotes: z.array(
          z.object({
            name: z.string(),
            audience: z.enum(['user', 'admin']),
            current_id: z.uuid().nullable(),
            releases: z.array(Release),
          }),
        ),
        preview_id: z.uuid().nullable(),
      }),
    ),
    ...adminOnly,
  },
});

export const makeCurrentRoute = createRoute({
  method: 'post',
  path: '/releases/{id}/current',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    "Make a release its remote's current one: promote a staged release or roll back to an earlier one (audited; every API process serves it at once, pages load it on their next navigation or reload)",
  middleware: [requireAdmin] as const,
  request: {
    params: ReleaseId,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            expected_current_id: z
              .uuid()
              .nullable()
              .openapi({ description: 'The current release the admin saw; 409 when it changed meanwhile' }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(
      'Now current',
      z.object({ action: z.enum(['promote', 'rollback']), remote: z.string(), version: z.string() }),
    ),
    400: err('Invalid request'),
    404: err('Release not found'),
    409: err('Already current, or the current release changed meanwhile'),
    ...adminOnly,
  },
});

export const previewRoute = createRoute({
  method: 'post',
  path: '/releases/{id}/preview',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary:
    "Open the portal with this release in place of its remote's current one, for this admin only (an httpOnly cookie for an hour)",
  middleware: [requireAdmin] as const,
  request: { params: ReleaseId },
  responses: {
    204: { description: 'Previewing (cookie set)' },
    400: err('Invalid request'),
    404: err('Release not found'),
    ...adminOnly,
  },
});

export const endPreviewRoute = createRoute({
  method: 'delete',
  path: '/releases/preview',
  tags: ['platform'],
  'x-access': 'admin',
  security,
  summary: 'End the preview: this admin sees the current releases again',
  middleware: [requireAdmin] as const,
  responses: { 204: { description: 'Preview ended (cookie cleared)' }, ...adminOnly },
});
