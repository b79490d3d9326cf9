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

type ErrorResponse = {
  description: string;
  content: { 'application/json': { schema: typeof errorBody } };
};

const errorAnswer = (description: string): ErrorResponse => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

/** The 403 of routes behind `requireVerified`. */
export const UNVERIFIED = {
  403: "The e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`), or the account waits for an admin's approval (`PENDING_APPROVAL`).",
} as const;

/** The 403 of a verified member's action on another, which a block either way refuses. */
export const BLOCKED_OR_UNVERIFIED = {
  403: 'Either member blocks the other (`BLOCKED`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
} as const;

/** The 403 of routes behind `requireAdmin` (SPEC §6). */
export const ADMIN_ONLY = {
  403: 'Not an admin (`FORBIDDEN`), or the e-mail address is not confirmed (`EMAIL_NOT_VERIFIED`).',
} as const;

/**
 * What any route may answer whatever its inputs, besides its own failures: route() adds these to
 * every operation of the description (a 503 of its own gains the database's).
 */
const EVERY_ROUTE = {
  431: 'The address (its query string) or the headers are over 16 KB (`HEADERS_TOO_LARGE`).',
  503: 'The database cannot be reached (`SERVICE_UNAVAILABLE`): try again after `Retry-After` seconds.',
} as const;
/** The router reads a path parameter of at most 100 characters (Fastify's `maxParamLength`). */
const WITH_PATH_PARAMETERS = {
  414: 'A path parameter is over 100 characters (`URI_TOO_LONG`).',
} as const;

type Answer = ErrorStatus | Partial<Record<ErrorStatus, string>>;
type StatusOf<A> = A extends ErrorStatus ? A : keyof A & ErrorStatus;

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
    Object.entries(described).map(([status, description]) => [status, errorAnswer(description)]),
  ) as { [S in StatusOf<A[number]>]: ErrorResponse };
}

/**
 * The answers of EVERY_ROUTE (and 414 where the path has parameters) for a route whose own are
 * `declared` (its errors and other answers): a 503 it declares says the database's case too,
 * unless its body is not an error (health's).
 */
export function sharedErrorResponses(path: string, declared: Record<number, unknown>) {
  const own503 = declared[503] as Partial<ErrorResponse> | undefined;
  const answers: Record<number, ErrorResponse> = { 431: errorAnswer(EVERY_ROUTE[431]) };
  if (path.includes(':')) answers[414] = errorAnswer(WITH_PATH_PARAMETERS[414]);
  if (!own503) answers[503] = errorAnswer(EVERY_ROUTE[503]);
  else if (own503.content?.['application/json']?.schema === errorBody)
    answers[503] = errorAnswer(`${own503.description} Or: ${EVERY_ROUTE[503]}`);
  return answers;
}

type DescribedOperation = { parameters?: { in: string }[]; responses?: Record<string, unknown> };

/**
 * The operations of a published description that leave out an answer every route may give, as
 * `METHOD path status`: what `npm run lint` and the docs' test refuse.
 */
export function undocumentedSharedAnswers(document: unknown): string[] {
  const paths = (document as { paths?: Record<string, Record<string, DescribedOperation>> }).paths;
  return Object.entries(paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const expected = [431, 503];
      if (op.parameters?.some((parameter) => parameter.in === 'path')) expected.push(414);
      return expected
        .filter((status) => !op.responses?.[status])
        .map((status) => `${method.toUpperCase()} ${path} ${status}`);
    }),
  );
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
