import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Parameters<typeof fastJson>[0];

type Serializer = (value: unknown) => string;

/**
 * By schema object: a compiled serializer depends on nothing else, one schema serves several
 * routes, and every app a process builds (test workers build hundreds) reuses them.
 */
const compiled = new WeakMap<object, Serializer>();

/**
 * Answers are written by a serializer compiled once from the route's response schema (zod's
 * encode-then-stringify took ~95 µs per feed page, the compiled one ~20 µs). Like zod's, it
 * writes only the properties the schema declares, so a row that carries more (a password hash)
 * cannot leak, and a missing required property is a 500, not a malformed answer. A zod schema
 * that JSON Schema cannot express stops the server at start-up instead of serialising loosely.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let serializer = compiled.get(key);
  if (serializer === undefined) {
    serializer = fastJson(
      schema instanceof z.ZodType
        ? (z.toJSONSchema(schema, {
            io: 'output',
            target: 'draft-07',
            unrepresentable: 'throw',
          }) as JsonSchema)
        : (schema as JsonSchema),
    );
    compiled.set(key, serializer);
  }
  return serializer;
};

/** Bodies written for answers that are sent again unchanged, by the object they were written from. */
const written = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();

/**
 * Sends `payload` as the route's serializer writes it, writing it once for as long as the same
 * object is answered again (a kept first page, unchanged since: feed-cache.ts). The object must
 * not change after it is first sent.
 */
export function sendWrittenOnce(reply: FastifyReply, payload: object) {
  let body = written.get(payload);
  if (body === undefined) {
    body = reply.serialize(payload);
    written.set(payload, body);
  }
  // A string typed as JSON is sent as it is: Fastify serializes only what is not one yet.
  return reply.type('application/json; charset=utf-8').send(body);
}
