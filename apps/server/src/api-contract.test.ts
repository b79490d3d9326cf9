import { API_BASE, apiContract, apiRoutes, type ApiOperation } from '@devplay/shared';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeHandlerBodies, openApiSchemas } from './lib/openapi';
import { createTestApp } from './test/app';

interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: unknown }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** What one contract entry may hold, read without its literal types. */
interface Entry {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: true;
  response: z.ZodType;
  mediaType?: string;
}

const operations = Object.keys(apiRoutes) as ApiOperation[];
const openApiPath = (path: string) => `${API_BASE}${path.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The description @fastify/swagger writes for routes that declare nothing but the contract's
 * schemas, converted as plugins/docs.ts converts the server's own routes.
 */
async function contractDocument(): Promise<Document> {
  const app = Fastify({ exposeHeadRoutes: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'contract', version: '0' } },
    transform: createJsonSchemaTransform({ schemaRegistry: openApiSchemas }),
    transformObject: (document) =>
      describeHandlerBodies(
        createJsonSchemaTransformObject({ schemaRegistry: openApiSchemas })(document),
      ),
  });
  for (const operationId of operations) {
    const { method, path } = apiRoutes[operationId];
    const entry: Entry = apiContract[operationId];
    const { response, mediaType } = entry;
    app.route({
      method,
      url: `${API_BASE}${path}`,
      schema: {
        operationId,
        ...(entry.params && { params: entry.params }),
        ...(entry.query && { querystring: entry.query }),
        // A form is read by the handler, so the route declares no body for it.
        ...(entry.body && !entry.form && { body: entry.body }),
        response: {
          200: mediaType ? { content: { [mediaType]: { schema: response } } } : response,
        },
      },
      handler: () => null,
    });
  }
  await app.ready();
  const document = app.swagger() as unknown as Document;
  await app.close();
  return document;
}

/** The value with every `$ref` replaced by what it names, so two documents compare by content. */
function resolved(value: unknown, document: Document): unknown {
  if (Array.isArray(value)) return value.map((item) => resolved(item, document));
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as { $ref?: string };
  const target = $ref ? document.components?.schemas?.[$ref.split('/').pop() ?? ''] : {};
  expect(target, `${$ref} is not among the components`).toBeDefined();
  const merged = { ...(target as object), ...rest };
  return Object.fromEntries(
    Object.entries(merged).map(([key, item]) => [key, resolved(item, document)]),
  );
}

const successes = (operation: Operation) =>
  Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));

describe('the route contract (packages/shared api-routes, api-contract)', () => {
  let published: Document;
  let contract: Document;

  beforeAll(async () => {
    const { app } = await createTestApp();
    published = (await app.inject({ url: `${API_BASE}/docs/json` })).json<Document>();
    await app.close();
    contract = await contractDocument();
  });

  const at = (document: Document, operationId: ApiOperation) => {
    const { method, path } = apiRoutes[operationId];
    return document.paths[openApiPath(path)]?.[method.toLowerCase()];
  };

  it('names every operation the server publishes, and only those', () => {
    const publishedIds = Object.values(published.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(publishedIds.toSorted()).toEqual(operations.toSorted());
  });

  it.each(operations)('%s: same method, path, parameters, body and answers', (operationId) => {
    const server = at(published, operationId);
    const mirror = at(contract, operationId);
    expect(server?.operationId, 'no such method and path on the server').toBe(operationId);
    if (!server || !mirror) throw new Error(`${operationId} is missing from a document`);

    expect(resolved(server.parameters ?? [], published)).toEqual(
      resolved(mirror.parameters ?? [], contract),
    );
    expect(resolved(server.requestBody, published)).toEqual(resolved(mirror.requestBody, contract));
    const statuses = successes(server);
    expect(statuses.length).toBeGreaterThan(0);
    const answer = resolved(mirror.responses['200']?.content, contract);
    for (const status of statuses) {
      expect(resolved(server.responses[status]?.content, published), status).toEqual(answer);
    }
  });
});
