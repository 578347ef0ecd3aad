// Type helpers over the generated OpenAPI types (openapi.gen.ts), so the web clients name an API
// type by its route instead of copying it: ApiResponse<'/api/profile', 'get'>.
import type { components, paths } from './openapi.gen';

export type { components, paths };

export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A named schema of the document (a zod schema registered with .openapi('Name')). */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Operation<P extends ApiPath, M extends ApiMethod> = NonNullable<paths[P][M]>;
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of a response; by default the success answer (200 or 201, whichever the route has). */
export type ApiResponse<P extends ApiPath, M extends ApiMethod, Status extends number = 200 | 201> =
  Operation<P, M> extends { responses: infer Responses } ? JsonContent<Responses[Status & keyof Responses]> : never;

/** The JSON request body of a route. */
export type ApiRequestBody<P extends ApiPath, M extends ApiMethod> =
  Operation<P, M> extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : never;

/** The query parameters of a route. */
export type ApiQuery<P extends ApiPath, M extends ApiMethod> = NonNullable<Operation<P, M>['parameters']['query']>;
