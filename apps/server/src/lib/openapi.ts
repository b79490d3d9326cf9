import {
  apiErrorSchema,
  changePasswordInputSchema,
  updateProfileInputSchema,
} from '@devplay/shared';
import { z } from 'zod';

/**
 * What the published API description (/api/docs/json) says about each route beyond its zod
 * schemas: who may call it and the failures it answers. Route files spread these into `schema`.
 */

/** Named schemas the description lists once under `components.schemas` and refers to by `$ref`. */
export const openApiSchemas = z.registry<{ id: string }>();

/** DESIGN §4's one error body; its own instance, so that only error answers refer to it. */
const errorBody = apiErrorSchema.extend({});
openApiSchemas.add(errorBody, { id: 'ApiError' });

/** The security schemes plugins/docs.ts declares, by name. */
export const SECURITY = {
  /** A member's access token (`access-token` header, or `Authorization: Bearer`). */
  member: [{ accessToken: [] }, { bearerToken: [] }],
  /** The refresh cookie of a signed-in browser. */
  refreshCookie: [{ refreshCookie: [] }],
  /** The refresh cookie if the browser holds one; the call also succeeds without it. */
  optionalRefreshCookie: [{ refreshCookie: [] }, {}],
  /** Anyone. */
  none: [],
} as const;

/** What each error status means across the API (DESIGN §4); a route may say it more precisely. */
const MEANING = {
  400: 'Invalid input: `field` names the input at fault.',
  401: 'No access token, or an expired, malformed or revoked one.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'Conflict with existing data.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
  422: 'A business rule refuses the request.',
  429: 'Too many requests: wait before trying again.',
  502: 'A third-party service failed or answered nonsense (`UPSTREAM_FAILED`).',
  503: 'The object storage failed; nothing was stored (`UPSTREAM_FAILED`).',
  504: 'A third-party service did not answer in time (`UPSTREAM_TIMEOUT`).',
  507: 'The server is too short of disk space to store it (`INSUFFICIENT_STORAGE`).',
} as const;

type ErrorStatus = keyof typeof MEANING;

/** The 403 of routes behind `requireVerified`. */
export const UNVERIFIED = {
  403: 'The e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
} as const;

/** The 403 of routes behind `requireAdmin` (SPEC §6). */
export const ADMIN_ONLY = {
  403: 'Not an admin (`FORBIDDEN`), or the e-mail address is not confirmed (`EMAIL_NOT_VERIFIED`).',
} as const;

type Answer = ErrorStatus | Partial<Record<ErrorStatus, string>>;
type StatusOf<A> = A extends ErrorStatus ? A : keyof A & ErrorStatus;

type ErrorResponse = {
  description: string;
  content: { 'application/json': { schema: typeof errorBody } };
};

/**
 * The failures a route answers, each with the `{ message, code, field? }` body: a status alone
 * takes the API-wide meaning, `{ 404: 'No such post.' }` says what it means on this route.
 *
 * `schema: { response: { 200: postSchema, ...errorResponses(401, { 404: 'No such post.' }) } }`
 */
export function errorResponses<const A extends Answer[]>(
  ...answers: A
): { [S in StatusOf<A[number]>]: ErrorResponse } {
  const described: Partial<Record<ErrorStatus, string>> = {};
  for (const answer of answers) {
    if (typeof answer === 'number') described[answer] ??= MEANING[answer];
    else Object.assign(described, answer);
  }
  return Object.fromEntries(
    Object.entries(described).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: errorBody } } },
    ]),
  ) as { [S in StatusOf<A[number]>]: ErrorResponse };
}

/** A file field of a multipart form, as OpenAPI 3.0 writes it. */
const imageFile = (description: string) => ({ type: 'string', format: 'binary', description });

/** A zod input schema as a plain JSON schema, for a body the route reads itself. */
const inputJson = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'openapi-3.0',
  });
  return json;
};

/**
 * Request bodies that routes read themselves (multipart forms; see lib/multipart.ts), so Fastify
 * never sees a body schema for them: described here by operationId and written into the
 * published document by plugins/docs.ts.
 */
const READ_BY_HANDLER: Record<string, { content: Record<string, { schema: object }> }> = {
  updateMe: {
    content: {
      'multipart/form-data': {
        schema: {
          ...inputJson(updateProfileInputSchema),
          properties: {
            ...(inputJson(updateProfileInputSchema).properties as object),
            avatar: imageFile('A new avatar, optional: an image file of at most 5 MB.'),
          },
        },
      },
      'application/json': { schema: inputJson(changePasswordInputSchema) },
    },
  },
  uploadImage: {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { image: imageFile('An image file of at most 5 MB.') },
          required: ['image'],
        },
      },
    },
  },
};

type OpenApiDocument = { paths?: Record<string, Record<string, { operationId?: string }>> };

/** Adds the request bodies of READ_BY_HANDLER to the operations they belong to. */
export function describeHandlerBodies<D>(document: D): D {
  for (const methods of Object.values((document as OpenApiDocument).paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const body = operation.operationId && READ_BY_HANDLER[operation.operationId];
      if (body) Object.assign(operation, { requestBody: { required: true, ...body } });
    }
  }
  return document;
}
