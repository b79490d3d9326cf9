import { apiContract, apiRoutes, type ApiOperation, type OperationSchemas } from '@devplay/shared';
import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sharedErrorResponses } from './openapi';

type Contract = typeof apiContract;

type SchemaOf<E, Name extends string> = E extends { [N in Name]: infer S extends z.ZodType }
  ? S
  : undefined;
/** A form is read by the handler (lib/multipart.ts), so Fastify is given no body schema. */
type BodyOf<E> = E extends { form: true } ? undefined : SchemaOf<E, 'body'>;
type SuccessOf<E> = E extends { status: infer S }
  ? S extends readonly (infer Each)[]
    ? Each
    : S
  : 200;
type AnswerOf<E> = E extends { mediaType: infer M extends string; response: infer S }
  ? { description: string; content: { [N in M]: { schema: S } } }
  : E extends { response: infer S }
    ? S
    : never;

/** Answers besides the contract's success and the errors: a 304 without a body, a 503. */
type Answers = Record<number, z.ZodType>;

/**
 * The schema Fastify is given, as a type: what the handler's `request.params`, `query` and
 * `body`, and its reply, are inferred from (fastify-type-provider-zod).
 */
type RouteSchema<K extends ApiOperation, A extends Answers> = FastifySchema & {
  params: SchemaOf<Contract[K], 'params'>;
  querystring: SchemaOf<Contract[K], 'query'>;
  body: BodyOf<Contract[K]>;
  response: { [S in SuccessOf<Contract[K]> & number]: AnswerOf<Contract[K]> } & A;
};

type ErrorAnswer = { description: string; content: Record<string, { schema: unknown }> };

/** What the published API description says of a route beyond its contract entry. */
type RouteDoc<K extends ApiOperation, A extends Answers> = {
  summary: string;
  description?: string;
  tags: readonly string[];
  security: NonNullable<FastifySchema['security']>;
  /** `errorResponses(...)` of lib/openapi.ts: the failures the route answers. */
  errors?: Record<number, ErrorAnswer>;
  answers?: A;
  /** A smaller body limit than the server's. */
  bodyLimit?: number;
} & (Contract[K] extends { mediaType: string }
  ? /** How the document names the success answer, which is not JSON. */
    { answer: string }
  : { answer?: never });

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Handler<K extends ApiOperation, A extends Answers> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<K, A>,
  ZodTypeProvider
>;

/**
 * Registers one operation of the shared contract: its method and path from api-routes.ts, its
 * params, query, body, success status and answer from api-contract.ts, so a route states only
 * what the web need not know (its documentation, failures and handler). Features register under
 * API_BASE (features.ts), so the contract's path is the route's URL as it stands. Only the
 * contract's operations can be registered, and the handler is typed by their schemas.
 *
 * `route(app, 'likePost', { summary, tags, security, errors: errorResponses(400, 401) }, handler)`
 */
export function route<K extends ApiOperation, const A extends Answers = Record<never, never>>(
  app: ZodApp,
  operationId: K,
  { errors, answers, bodyLimit, answer, ...doc }: RouteDoc<K, A>,
  handler: Handler<K, A>,
): void {
  const { method, path } = apiRoutes[operationId];
  const entry: OperationSchemas = apiContract[operationId];
  const success = entry.mediaType
    ? { description: answer, content: { [entry.mediaType]: { schema: entry.response } } }
    : entry.response;
  const statuses = [entry.status ?? 200].flat();
  const schema = {
    ...doc,
    operationId,
    ...(entry.params && { params: entry.params }),
    ...(entry.query && { querystring: entry.query }),
    ...(entry.body && !entry.form && { body: entry.body }),
    response: {
      ...Object.fromEntries(statuses.map((status) => [status, success])),
      ...answers,
      ...errors,
      ...sharedErrorResponses(path, { ...answers, ...errors }),
    },
  };
  app.route<RouteGenericInterface, ContextConfigDefault, RouteSchema<K, A>>({
    method,
    url: path,
    ...(bodyLimit !== undefined && { bodyLimit }),
    schema: schema as unknown as RouteSchema<K, A>,
    handler,
  });
}
